package dev.relearn.lucene.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.rerank.CandidateFeatures;
import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LearnedBoost;
import dev.relearn.lucene.rerank.LinearModel;
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
    assertEquals(model, trust.apply(model, 10, 0.3, 1));
  }

  @Test
  void theSamePairsInTheSameOrderGiveTheSameTrust() {
    assertEquals(fitted(true, 500, 7).trust(), fitted(true, 500, 7).trust());
  }

  @Test
  void aFittedTrustSetsTheVoteWeightScaledByRatingsAndCapsItPerSession() {
    Trust trust = new Trust(true, 0.4, 4, 40, 100, 50);
    LinearModel model = trust.apply(LinearModel.DEFAULT, 10, 0.2, 0.5);
    assertEquals(2, model.weight(Feature.BOOST), 1e-12);
    assertEquals(0.2, model.boostCap()); // the session cap replaces the prior's cap
    assertTrue(model.capPerSession());
    assertFalse(LinearModel.DEFAULT.capPerSession());
    // weight 2 times a vote of 4/6 · 0.5: 0.667, capped at 0.2 per voting session
    LearnedBoost oneSession = new LearnedBoost(1, 1, 4, 4, 1, 2); // clicked by one session
    LearnedBoost threeSessions = new LearnedBoost(1, 1, 4, 4, 3, 0);
    double alone = model.score(CandidateFeatures.neutral(0.5, 0.5));
    assertEquals(alone + 0.2, model.score(with(oneSession)), 1e-12);
    assertEquals(alone + 0.6, model.score(with(threeSessions)), 1e-12);
    assertEquals(2 * model.vote(threeSessions), 2 * (4.0 / 6) * 0.5, 1e-12);
    assertEquals(LinearModel.DEFAULT.weight(Feature.RELEVANCE), model.weight(Feature.RELEVANCE));
  }

  private static CandidateFeatures with(LearnedBoost boost) {
    return new CandidateFeatures(0.5, 0.5, null, null, 0, 0, boost, 0, 0, 0, 0, List.of());
  }

  @Test
  void badValuesAreNamed() {
    assertEquals("trust scale must be finite and >= 0, got: -1.0", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, -1, 0.1, 1))
        .getMessage());
    assertEquals("trust coefficient must be finite, got: NaN", assertThrows(
        IllegalArgumentException.class, () -> new Trust(true, 1, Double.NaN, 0, 0, 0))
        .getMessage());
    assertEquals("difference must be finite, got: Infinity", assertThrows(
        IllegalArgumentException.class, () -> new VotePair(Double.POSITIVE_INFINITY, 0, 1))
        .getMessage());
    assertEquals("sessionCap must be in [0, 1000000.0], got: -0.1", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, 1, -0.1, 1))
        .getMessage());
    assertEquals("ratingScale must be finite and >= 0, got: NaN", assertThrows(
        IllegalArgumentException.class, () -> Trust.PRIOR.apply(LinearModel.DEFAULT, 1, 0.1, Double.NaN))
        .getMessage());
  }
}
