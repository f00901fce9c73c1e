package dev.relearn.feedback.index;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/** Vectors, events and a settable clock for the feedback index tests. */
final class Fixtures {
  /** A fixed start time. */
  static final long T0 = 1_700_000_000_000L;
  static final long DAY = Duration.ofDays(1).toMillis();
  private static final EventEvidence EVIDENCE = new EventEvidence(1.0);

  private Fixtures() {}

  /** A clock tests move by hand. */
  static final class FakeClock implements InstantSource {
    private final AtomicLong millis;

    FakeClock(long millis) {
      this.millis = new AtomicLong(millis);
    }

    void set(long value) {
      millis.set(value);
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public long millis() {
      return millis.get();
    }
  }

  static float[] randomUnit(Random random, int dimension) {
    float[] v = new float[dimension];
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return normalize(v);
  }

  /** {@code base} plus Gaussian noise of about {@code noise} in total length, normalised. */
  static float[] near(float[] base, double noise, Random random) {
    float[] v = new float[base.length];
    double scale = noise / Math.sqrt(base.length);
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (base[i] + scale * random.nextGaussian());
    }
    return normalize(v);
  }

  /** The unit vector of axis {@code i}. */
  static float[] axis(int dimension, int i) {
    float[] v = new float[dimension];
    v[i] = 1f;
    return v;
  }

  /** {@code cos * a + sin * b} for orthogonal unit vectors: similarity {@code cos} to {@code a}. */
  static float[] at(float cos, float[] a, float[] b) {
    float sin = (float) Math.sqrt(1 - cos * cos);
    float[] v = new float[a.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = cos * a[i] + sin * b[i];
    }
    return v;
  }

  static float[] normalize(float[] v) {
    double norm = 0;
    for (float x : v) {
      norm += (double) x * x;
    }
    float inverse = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < v.length; i++) {
      v[i] *= inverse;
    }
    return v;
  }

  /** Chunk {@code chunk} shown at rank 1 and used, a strong signal. */
  static FeedbackEvent event(String id, String session, float[] vector, String chunk,
      Outcome outcome, long millis) {
    return event(id, session, vector, chunk, outcome, SignalClass.STRONG, null, millis);
  }

  static FeedbackEvent event(String id, String session, float[] vector, String chunk,
      Outcome outcome, SignalClass signal, Double quality, long millis) {
    return new FeedbackEvent(id, session, vector, List.of(new ShownResult(chunk, 1)),
        List.of(chunk), outcome, null, quality, signal, millis, null);
  }

  static Map<String, ChunkEvidence> evidence(FeedbackEvent event) {
    return EVIDENCE.of(event);
  }

  /** Adds an event with the evidence {@link EventEvidence} computes for it. */
  static AddResult add(FeedbackIndex index, FeedbackEvent event) throws java.io.IOException {
    return index.add(event, evidence(event));
  }
}
