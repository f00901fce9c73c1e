package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One query class's learning state in {@link AdaptiveWeights}: its counts, its moving average and
 * its weight history, with the update rule of {@code AdaptiveWeights}' class comment. Not
 * thread-safe: guarded by the enclosing {@code AdaptiveWeights}.
 */
final class ClassState {
  private final AdaptiveWeightsConfig config;
  private final ArrayDeque<HistoryEntry> history = new ArrayDeque<>();
  private long samples;
  private long positives;
  private long negatives;
  private long lastMillis;
  private Weights ema;

  /** A class never rated: its moving average starts at the start weights. */
  ClassState(AdaptiveWeightsConfig config) {
    this.config = config;
    this.ema = config.initial();
  }

  /** A class as {@link AdaptiveWeights#state} saw it, its average brought within the bounds. */
  static ClassState restored(ClassStats saved, AdaptiveWeightsConfig config) {
    ClassState state = new ClassState(config);
    state.ema = Weights.normalized(saved.ema().bm25(), saved.ema().vector(),
        saved.ema().learned(), config.lower(), config.upper());
    state.samples = saved.samples();
    state.positives = saved.positives();
    state.negatives = saved.negatives();
    state.lastMillis = saved.lastMillis();
    List<HistoryEntry> kept = saved.history();
    state.history.addAll(
        kept.subList(Math.max(0, kept.size() - config.historyLimit()), kept.size()));
    return state;
  }

  /** The weights searches use: the start weights during warm-up, then the moving average. */
  Weights effective() {
    return samples >= config.minSamples() ? ema : config.initial();
  }

  /** Applies one rating of this class. */
  Update apply(ClassRating rated) {
    QueryClass queryClass = rated.queryClass();
    double rating = rated.rating();
    double[] c = rated.contributions();
    long nowMillis = rated.millis();
    Weights before = effective();
    Weights m = samples == 0 ? ema : decayed(nowMillis - lastMillis);
    double mean = (c[0] + c[1] + c[2]) / 3;
    double lr = config.learningRate();
    double[] next = m.toArray();
    for (int i = 0; i < 3; i++) {
      // (1 − lr)·m + lr·t with t = m + r·(c − mean(c)), written so that r = 0 adds exactly 0
      next[i] += lr * rating * (c[i] - mean);
    }
    ema = Weights.normalized(next[0], next[1], next[2], config.lower(), config.upper());
    lastMillis = samples == 0 ? nowMillis : Math.max(lastMillis, nowMillis);
    samples++;
    if (rating > 0) {
      positives++;
    } else if (rating < 0) {
      negatives++;
    }
    Weights after = effective();
    boolean moved = !after.equals(before);
    if (moved) {
      history.addLast(new HistoryEntry(nowMillis, after));
      while (history.size() > config.historyLimit()) {
        history.removeFirst();
      }
    }
    return new Update(queryClass, before, after, moved, samples);
  }

  /** A snapshot of this state as {@code queryClass}'s statistics. */
  ClassStats stats(QueryClass queryClass) {
    return new ClassStats(queryClass, samples, positives, negatives, effective(), ema, lastMillis,
        new ArrayList<>(history));
  }

  /** The moving average pulled towards the start weights by {@code decay^(elapsed days)}. */
  private Weights decayed(long elapsedMillis) {
    if (elapsedMillis <= 0 || config.decay() == 1) {
      return ema;
    }
    double f = Math.pow(config.decay(), elapsedMillis / (double) AdaptiveWeights.DAY_MILLIS);
    Weights s = config.initial();
    return Weights.normalized(s.bm25() + f * (ema.bm25() - s.bm25()),
        s.vector() + f * (ema.vector() - s.vector()),
        s.learned() + f * (ema.learned() - s.learned()), config.lower(), config.upper());
  }
}
