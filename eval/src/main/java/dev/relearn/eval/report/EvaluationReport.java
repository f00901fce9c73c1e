package dev.relearn.eval.report;

import dev.relearn.eval.experiment.DatasetReport;
import dev.relearn.lucene.schema.Require;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one {@code relearn eval report} run measured: the command to rerun it, the settings in
 * report order, a report per dataset, the wall time and the processors the JVM had.
 */
public record EvaluationReport(String command, Map<String, Object> settings,
    List<DatasetReport> datasets, double seconds, int processors) {
  /** A report of a run in this JVM: its processors are {@link Runtime#availableProcessors()}. */
  public EvaluationReport(String command, Map<String, Object> settings,
      List<DatasetReport> datasets, double seconds) {
    this(command, settings, datasets, seconds, Runtime.getRuntime().availableProcessors());
  }

  /** Copies, and rejects a report without a dataset or a processor. */
  public EvaluationReport {
    Objects.requireNonNull(command, "command");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    datasets = List.copyOf(datasets);
    if (datasets.isEmpty()) {
      throw new IllegalArgumentException("a report needs at least one dataset");
    }
    Require.atLeastOne("processors", processors);
  }
}
