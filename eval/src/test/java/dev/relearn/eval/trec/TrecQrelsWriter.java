package dev.relearn.eval.trec;

import dev.relearn.eval.metrics.Qrels;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Writes {@link Qrels} in TREC's qrels format, {@code qid 0 docno grade} per judgment, the format
 * trec_eval reads (BEIR's {@code .tsv} qrels carry the same triples with a header).
 */
public final class TrecQrelsWriter {
  private TrecQrelsWriter() {}

  /**
   * Writes {@code qrels} to {@code file} (UTF-8), replacing it.
   *
   * @throws IllegalArgumentException when an id contains whitespace
   */
  public static void write(Qrels qrels, Path file) throws IOException {
    Objects.requireNonNull(qrels, "qrels");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String queryId : qrels.queryIds()) {
        TrecRunWriter.require("query id", queryId);
        for (Map.Entry<String, Integer> judged : qrels.judgments(queryId).entrySet()) {
          out.write(queryId + " 0 " + TrecRunWriter.require("doc id", judged.getKey()) + " "
              + judged.getValue() + "\n");
        }
      }
    }
  }
}
