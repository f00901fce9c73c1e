package dev.relearn.lucene.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.rerank.CandidateFeatures;
import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LearnedBoost;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RelevanceLadder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TrustFitTest {
  /**
   * Simulated logged queries: each shows chunk A at rank 1 and B at rank 2 (examined 1 and 0.5);
   * the vote favours one of them by 0.2. A user clicks a chunk with probability examination ·
   * attractiveness; attractiveness follows the vote when {@code signal}, else it is 0.5 for both.
   */
  private static TrustFit fitted(boolean signal, int queries, long seed) {
    Random random = new Random(seed);
    TrustFit fit = new TrustFit();
    for (int q = 0; q < queries; q++) {
      boolean aFavoured = random.nextBoolean();
      double voteA = aFavoured ? 0.1 : -0.1;
      double attractA = signal ? (aFavoured ? 0.9 : 0.1) : 0.5;
      double attractB = signal ? 1 - attractA : 0.5;
      boolean clickA = random.nextDouble() < 1.0 * attractA;
      boolean clickB = random.nextDouble() < 0.5 * attractB;
      List<VotePair> pairs = new ArrayList<>();
      if (clickA && !clickB) {
        pairs.add(new VotePair(voteA - -voteA, Math.log(1.0) - Math.log(0.5), 1));
      } else if (clickB && !clickA) {
        pairs.add(new VotePair(-voteA - voteA, Math.log(0.5) - Math.log(1.0), 1));
      }
      fit.add(pairs);
    }
    return fit;
  }

  @Test
  void votesThatPredictClicksEarnTrust() {
    Trust trust = fitted(true, 2_000, 1).trust();
    System.out.println("signal: " + trust);
    assertTrue(trust.fitted());
    assertTrue(trust.gain() > 0, trust.toString());
    assertTrue(trust.coefficient() > 1, trust.toString());
    assertEquals(trust.gain() / trust.pairs(), trust.strength(), 1e-12);
  }

  @Test
  void clicksWithoutSignalEarnNoTrustThoughTheyFavourTheTopRank() {
    for (long seed = 1; seed <= 5; seed++) {
      Trust trust = fitted(false, 2_000, seed).trust();
      System.out.println("noise, seed " + seed + ": " + trust);
      assertTrue(trust.fitted());
      assertEquals(0, trust.strength(), trust.toString());
    }
  }

  @Test
  void tooFewPreferencesKeepThePrior() {
    Trust trust = fitted(true, 20, 1).trust();
    assertFalse(trust.fitted());
    LinearModel model = LinearModel.DEFAULT;
    assertEquals(model, trust.apply(model, 10, 3, 1));
  }

  @Test
  void theSamePairsInTheSameOrderGiveTheSameTrust() {
    assertEquals(fitted(true, 500, 7).trust(), fitted(true, 500, 7).trust());
  }

  @Test
  void aFittedTrustSetsTheVoteWeightScaledByRatingsAndCapsItInRanksPerSession() {
    Trust trust = new Trust(true, 0.4, 4, 40, 100, 50);
    LinearModel model = trust.apply(LinearModel.DEFAULT, 10, 1, 0.5);
    assertEquals(2, model.weight(Feature.BOOST), 1e-12);
    assertEquals(1, model.sessionRanks());
    assertEquals(0, LinearModel.DEFAULT.sessionRanks());
    assertEquals(LinearModel.DEFAULT.weight(Feature.RELEVANCE), model.weight(Feature.RELEVANCE));
    // weight 2 times a vote of 4/6 · 0.5: 0.667, far more than the gaps of this window
    RelevanceLadder ladder = RelevanceLadder.of(1, 0.9, 0.5, 0.45, 0.4, 0.1);
    LearnedBoost oneSession = new LearnedBoost(1, 1, 4, 4, 1, 2); // clicked by one session
    LearnedBoost twoSessions = new LearnedBoost(1, 1, 4, 4, 2, 0);
    double alone = model.score(at(0.45, LearnedBoost.NONE, ladder));
    // one session lifts it one rank: to 0.5's relevance, times the relevance weight 0.7
    assertEquals(alone + 0.7 * 0.05, model.score(at(0.45, oneSession, ladder)), 1e-12);
    // two sessions: two ranks, to 0.9
    assertEquals(alone + 0.7 * 0.45, model.score(at(0.45, twoSessions, ladder)), 1e-12);
    // the prior model caps the boost alone at boostCap
    assertEquals(alone + 0.1, LinearModel.DEFAULT.score(at(0.45, oneSession, ladder)), 1e-12);
  }

  private static CandidateFeatures at(double relevance, LearnedBoost boost,
      RelevanceLadder ladder) {
    return new CandidateFeatures(relevance, relevance, null, null, 0, 0, boost, 0, 0, 0, 0,
        List.of(), ladder);
  }

  @Test
  void badValuesAreNamed() {
    assertEquals("trust scale must be finite and >= 0, got: -1.0", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, -1, 3, 1))
        .getMessage());
    assertEquals("trust coefficient must be finite, got: NaN", assertThrows(
        IllegalArgumentException.class, () -> new Trust(true, 1, Double.NaN, 0, 0, 0))
        .getMessage());
    assertEquals("difference must be finite, got: Infinity", assertThrows(
        IllegalArgumentException.class, () -> new VotePair(Double.POSITIVE_INFINITY, 0, 1))
        .getMessage());
    assertEquals("sessionRanks must be in [1, 10000], got: 0", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, 1, 0, 1))
        .getMessage());
    assertEquals("ratingScale must be finite and >= 0, got: NaN", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, 1, 3, Double.NaN))
        .getMessage());
  }
}
