package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

class TrustTuningTest {
  private static TrustTuning.Result result(String name, ToDoubleFunction<TrustTuning.Setting> d) {
    Map<TrustTuning.Setting, Double> learned = new HashMap<>();
    TrustTuning.GRID.forEach(setting -> learned.put(setting, 0.5 + d.applyAsDouble(setting)));
    return new TrustTuning.Result(name, 100, 25, 0.5, learned, 0.1);
  }

  @Test
  void theBestMeanGainThatHurtsNoDataset() {
    TrustTuning.Setting last = TrustTuning.GRID.get(TrustTuning.GRID.size() - 1);
    TrustTuning.Setting first = TrustTuning.GRID.get(0);
    // the last setting has the best mean but costs the second dataset 0.01: not chosen
    TrustTuning.Result strong = result("strong", s -> s.equals(last) ? 0.2
        : s.equals(first) ? 0.05 : 0.01);
    TrustTuning.Result weak = result("weak", s -> s.equals(last) ? -0.01 : 0);
    assertEquals(first, TrustTuning.choose(List.of(strong, weak)));
    // when every setting hurts somewhere, the best mean
    TrustTuning.Result hurt = result("hurt", s -> -0.01);
    assertEquals(last, TrustTuning.choose(List.of(strong, hurt)));
  }

  @Test
  void aSmallerCapWithinNoiseOfTheBestIsPreferred() {
    TrustTuning.Setting big = new TrustTuning.Setting(50, 0.2, 200, 0.4);
    TrustTuning.Setting small = new TrustTuning.Setting(50, 0.2, 200, 0.2);
    TrustTuning.Setting smallest = new TrustTuning.Setting(50, 0.2, 200, 0.1);
    // 0.2 is 0.0004 below the best, within NEAR_BEST; 0.1 is 0.007 below: too far
    TrustTuning.Result one = result("one", s -> s.equals(big) ? 0.0818
        : s.equals(small) ? 0.0814 : s.equals(smallest) ? 0.0747 : 0);
    assertEquals(small, TrustTuning.choose(List.of(one)));
  }

  @Test
  void aSettingIsWrittenAsRelearnJson() {
    assertEquals("{\"rerank\": {\"maxPastQueries\": 50, \"temperature\": 0.05, \"trustScale\":"
        + " 100.0, \"sessionCap\": 0.2}}" + System.lineSeparator(),
        new TrustTuning.Setting(50, 0.05, 100, 0.2).json());
    assertEquals("K 20, temperature none, trustScale 20.0, sessionCap 0.4",
        new TrustTuning.Setting(20, 1e6, 20, 0.4).toString());
  }
}
