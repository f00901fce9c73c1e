package dev.relearn.eval.report;

import dev.relearn.eval.experiment.DatasetReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one {@code relearn eval report} run measured: the command to rerun it, the settings in
 * report order, a report per dataset and the wall time.
 */
public record EvaluationReport(String command, Map<String, Object> settings,
    List<DatasetReport> datasets, double seconds) {
  public EvaluationReport {
    Objects.requireNonNull(command, "command");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    datasets = List.copyOf(datasets);
    if (datasets.isEmpty()) {
      throw new IllegalArgumentException("a report needs at least one dataset");
    }
  }
}
