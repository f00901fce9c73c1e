package dev.relearn.eval.stats;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.relearn.eval.metrics.JsonMaps;
import java.util.Map;
import java.util.Objects;

/**
 * A system compared with a baseline on the same n queries: both means and the two-sided p-values of
 * the paired randomisation test and t-test.
 */
@JsonPropertyOrder({"n", "baseline", "system", "difference"})
public record PairedComparison(int n, @JsonProperty("baseline") double baselineMean,
    @JsonProperty("system") double systemMean, double pRandomisation, double pTTest) {

  /**
   * Compares per-query values of the same query ids with {@code test}; throws naming a query only
   * one side has.
   */
  public static PairedComparison of(Map<String, Double> baseline, Map<String, Double> system,
      PairedRandomisationTest test) {
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(system, "system");
    if (!baseline.keySet().equals(system.keySet())) {
      String missing = baseline.keySet().stream().filter(k -> !system.containsKey(k)).findFirst()
          .orElseGet(() -> system.keySet().stream().filter(k -> !baseline.containsKey(k))
              .findFirst().orElse("?"));
      throw new IllegalArgumentException("paired samples must cover the same queries ("
          + baseline.size() + " vs " + system.size() + "); query '" + missing
          + "' is in only one");
    }
    int n = baseline.size();
    double[] a = new double[n];
    double[] b = new double[n];
    int i = 0;
    for (Map.Entry<String, Double> entry : baseline.entrySet()) {
      b[i] = entry.getValue();
      a[i] = system.get(entry.getKey());
      i++;
    }
    return of(b, a, test);
  }

  /** Compares paired arrays: {@code system[i]} and {@code baseline[i]} belong together. */
  public static PairedComparison of(double[] baseline, double[] system,
      PairedRandomisationTest test) {
    double pT = baseline.length < 2 ? 1 : PairedTTest.test(system, baseline).pValue();
    return new PairedComparison(baseline.length, mean(baseline), mean(system),
        test.pValue(system, baseline), pT);
  }

  /** {@code systemMean − baselineMean}. */
  @JsonProperty("difference")
  public double difference() {
    return systemMean - baselineMean;
  }

  /** The JSON form: {@code n, baseline, system, difference, p_randomisation, p_ttest}. */
  public Map<String, Object> toJson() {
    return JsonMaps.of(this);
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return values.length == 0 ? Double.NaN : sum / values.length;
  }
}
