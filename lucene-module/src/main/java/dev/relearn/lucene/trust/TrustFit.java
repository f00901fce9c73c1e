package dev.relearn.lucene.trust;

import dev.relearn.lucene.rerank.LinearModel;
import java.util.Arrays;
import java.util.List;

/**
 * Fits the vote's trust from logged preferences ({@link VotePair}s), one logged query at a time,
 * in the order they happened. The model is pairwise logistic over the vote difference d and the
 * position advantage p of the clicked chunk:
 *
 * <pre>
 *   P(clicked over skipped) = σ(τ·d + β·p)
 *   (τ, β) = argmin Σ w · ln(1 + e^(−τ·d − β·p)) + λ/2 · (τ² + β²)     (λ = {@link #PRIOR_STRENGTH})
 * </pre>
 *
 * <p>β absorbs position bias: a vote that only echoes the ranking that placed chunks (and so their
 * clicks) earns no τ. Progressive validation: each query's pairs are first scored with the models
 * fit on the queries before it (refit every {@link #REFIT_EVERY} queries), and {@code gain} adds
 * the log-loss the full model saved against the position-only one (τ = 0). The vote's weight is
 * granted only when the gain exceeds {@link #MIN_GAIN}: clicks that carry no signal give a τ near 0 and a gain
 * at or below 0, so their weight is 0 by this rule, not by a cap. Deterministic; not
 * thread-safe.
 */
public final class TrustFit {
  /** The weight of preferences between chunks with different votes needed to use the fit. */
  public static final double MIN_PAIRS = 50;
  /** λ: the L2 pull of τ and β towards 0, in units of one preference. */
  public static final double PRIOR_STRENGTH = 1;
  /**
   * The held-out log-loss (nats) the vote must save before it is trusted: a likelihood ratio of
   * e² ≈ 7.4 in its favour, so that chance agreement between clicks and votes is not enough.
   */
  public static final double MIN_GAIN = 2;
  /** Queries between refits while scoring progressively. */
  public static final int REFIT_EVERY = 32;

  private double[] differences = new double[256];
  private double[] positions = new double[256];
  private double[] weights = new double[256];
  private int size;
  private double[] full = new double[2]; // τ, β
  private double[] positionOnly = new double[2]; // 0, β
  private double gain;
  private double votedWeight;
  private int queries;
  private int sinceRefit;

  /** Scores one logged query's pairs with the current models, then learns from them. */
  public void add(List<VotePair> pairs) {
    queries++;
    if (pairs.isEmpty()) {
      return;
    }
    for (VotePair pair : pairs) {
      gain += pair.weight() * (logLoss(positionOnly[1] * pair.position())
          - logLoss(full[0] * pair.difference() + full[1] * pair.position()));
      append(pair);
    }
    if (++sinceRefit >= REFIT_EVERY) {
      refit();
      sinceRefit = 0;
    }
  }

  /** The trust of every query so far: refit on all of them, granted if the gain is enough. */
  public Trust trust() {
    refit();
    double tau = full[0];
    boolean fitted = votedWeight >= MIN_PAIRS;
    double strength = fitted && gain > MIN_GAIN && tau > 0
        ? Math.min(LinearModel.MAX_WEIGHT, gain / votedWeight) : 0;
    return new Trust(fitted, strength, tau, gain, votedWeight, queries);
  }

  private void refit() {
    full = solve(full, true);
    positionOnly = solve(positionOnly, false);
  }

  private void append(VotePair pair) {
    if (size == differences.length) {
      differences = Arrays.copyOf(differences, size * 2);
      positions = Arrays.copyOf(positions, size * 2);
      weights = Arrays.copyOf(weights, size * 2);
    }
    differences[size] = pair.difference();
    positions[size] = pair.position();
    weights[size] = pair.weight();
    size++;
    if (pair.difference() != 0) {
      votedWeight += pair.weight();
    }
  }

  /** Newton's method on the convex regularised loss, from {@code start}; τ stays 0 unless voted. */
  private double[] solve(double[] start, boolean voted) {
    double tau = voted ? start[0] : 0;
    double beta = start[1];
    for (int iteration = 0; iteration < 50; iteration++) {
      double gTau = PRIOR_STRENGTH * tau;
      double gBeta = PRIOR_STRENGTH * beta;
      double hTauTau = PRIOR_STRENGTH;
      double hTauBeta = 0;
      double hBetaBeta = PRIOR_STRENGTH;
      for (int i = 0; i < size; i++) {
        double d = voted ? differences[i] : 0;
        double p = positions[i];
        double q = sigmoid(tau * d + beta * p);
        double w = weights[i];
        gTau -= w * d * (1 - q);
        gBeta -= w * p * (1 - q);
        double c = w * q * (1 - q);
        hTauTau += c * d * d;
        hTauBeta += c * d * p;
        hBetaBeta += c * p * p;
      }
      double det = hTauTau * hBetaBeta - hTauBeta * hTauBeta;
      double stepTau = clamp((hBetaBeta * gTau - hTauBeta * gBeta) / det);
      double stepBeta = clamp((hTauTau * gBeta - hTauBeta * gTau) / det);
      tau -= stepTau;
      beta -= stepBeta;
      if (Math.abs(stepTau) + Math.abs(stepBeta) < 1e-9) {
        break;
      }
    }
    return new double[] {tau, beta};
  }

  private static double clamp(double step) {
    return Math.max(-5, Math.min(5, step));
  }

  /** {@code ln(1 + e^(−z))}, without overflow. */
  static double logLoss(double z) {
    return z > 0 ? Math.log1p(Math.exp(-z)) : -z + Math.log1p(Math.exp(z));
  }

  private static double sigmoid(double z) {
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }
}
