package dev.relearn.cli;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --max-queries N}: a quick run on the first N queries of a split, in file order. */
final class MaxQueriesOption {
  @Option(names = "--max-queries", paramLabel = "N",
      description = "Use only the first N queries of the split, in the order of queries.jsonl,"
          + " for a quick run (default: all). The output says when the run was capped.")
  Integer max;

  /** A usage error naming the value unless the option is absent or at least 1. */
  void check(CommandSpec spec) {
    Errors.require(spec, max == null || max >= 1, "--max-queries must be at least 1, got: "
        + max);
  }

  /** The cap, or 0 without one. */
  int limit() {
    return max == null ? 0 : max;
  }

  /** The first N of {@code ids}, in their order; all of them without a cap. */
  <T> List<T> first(Collection<T> ids) {
    return ids.stream().limit(max == null ? Long.MAX_VALUE : max).toList();
  }

  /** {@code " (first 200 of 1877 queries)"} when the cap left some out, else empty. */
  String note(int total, String what) {
    if (max == null || max >= total) {
      return "";
    }
    return String.format(Locale.ROOT, " (first %d of %d %s)", max, total, what);
  }

  /** {@code json} with {@code max_queries} and {@code queries_in_split} when capped. */
  Map<String, Object> addTo(Map<String, Object> json, int total) {
    if (max != null) {
      json.put("max_queries", max);
      json.put("queries_in_split", total);
    }
    return json;
  }
}
