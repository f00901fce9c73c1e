package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.schema.Require;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns one event into per-chunk evidence: each shown chunk is examined {@code (1/rank)^eta}
 * (the position-based model, clipped at {@link #MIN_EXAMINATION}); a used chunk gets clicks of its
 * signal class's weight (and one examination if not shown), and the same weight of successes or
 * failures by the outcome. Quality scales it all: 0.7 or more (or none) fully, 0.5 or more by
 * {@link #ACCEPTABLE_WEIGHT}, below 0.5 nothing (the event is still recorded).
 */
public final class EventEvidence {
  /** Examination probability never drops below this (clipping the inverse propensity at 10). */
  public static final double MIN_EXAMINATION = 0.1;
  /** The weight of an acceptable (quality 0.5 to 0.7) event. */
  public static final double ACCEPTABLE_WEIGHT = 0.6;

  private final double eta;

  /** @param eta the position-bias exponent, at least 0 (1 is the usual choice) */
  public EventEvidence(double eta) {
    Require.finiteNonNegative("eta", eta);
    this.eta = eta;
  }

  /** The examination probability at a 1-based rank. */
  public double examination(int rank) {
    Require.atLeastOne("rank", rank);
    return Math.max(MIN_EXAMINATION, Math.pow(1.0 / rank, eta));
  }

  /** The evidence of {@code event}, per chunk id; empty if the event teaches nothing. */
  public Map<String, ChunkEvidence> of(FeedbackEvent event) {
    Map<String, ChunkEvidence> out = new LinkedHashMap<>();
    double weight = weight(event);
    if (weight == 0) {
      return out;
    }
    for (ShownResult shown : event.shown()) {
      out.put(shown.chunkId(), new ChunkEvidence(examination(shown.rank()) * weight, 0, 0, 0));
    }
    double use = event.signal().weight() * weight;
    for (String id : event.used()) {
      double examined = event.rankOf(id) > 0 ? 0 : weight;
      ChunkEvidence evidence = new ChunkEvidence(examined, use,
          event.outcome() == Outcome.SUCCESS ? use : 0,
          event.outcome() == Outcome.FAILURE ? use : 0);
      out.merge(id, evidence, ChunkEvidence::plus);
    }
    return out;
  }

  /** How much the event counts: 0 (ambiguous), the acceptable weight, or 1. */
  public static double weight(FeedbackEvent event) {
    return switch (event.learnability()) {
      case AMBIGUOUS -> 0;
      case ACCEPTABLE -> event.quality() == null ? 1 : ACCEPTABLE_WEIGHT;
      case STRONG_POSITIVE, NEGATIVE -> 1;
    };
  }
}
