package dev.relearn.eval.trec;

import dev.relearn.eval.beir.TextLines;
import dev.relearn.eval.metrics.Run;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Reads a TREC run file ({@code qid Q0 docno rank score tag}, whitespace-separated) into a {@link
 * Run}. As in trec_eval, the rank column is ignored: hits are ranked by score, then doc id
 * descending. Blank lines are skipped, CRLF endings and a leading byte-order mark (as Windows
 * tools write) accepted. A doc listed twice for one query is refused, as trec_eval refuses it.
 */
public final class TrecRunReader {
  private TrecRunReader() {}

  /** Reads {@code file} (UTF-8); a malformed line throws, naming the file and the line number. */
  public static Run read(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(in, file.toString());
    }
  }

  /** Reads a run from {@code in}, not closed; errors name {@code source} and the line. */
  public static Run read(Reader in, String source) throws IOException {
    Objects.requireNonNull(in, "in");
    Run.Builder run = Run.builder();
    Map<String, Integer> seen = new HashMap<>(); // query and doc: the line first listing them
    BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
    TextLines.forEach(lines, (line, number) -> {
      String[] fields = line.strip().split("\\s+");
      if (fields.length != 6) {
        throw TextLines.error(source, number, "expected 6 fields 'qid Q0 docno rank score tag',"
            + " got " + fields.length, null);
      }
      double score;
      try {
        score = Double.parseDouble(fields[4]);
      } catch (NumberFormatException e) {
        throw TextLines.error(source, number, "score is not a number: '" + fields[4] + "'", e);
      }
      if (!Double.isFinite(score)) {
        throw TextLines.error(source, number, "score must be finite, got: '" + fields[4] + "'",
            null);
      }
      try {
        Integer.parseInt(fields[3]);
      } catch (NumberFormatException e) {
        throw TextLines.error(source, number, "rank is not an integer: '" + fields[3] + "'", e);
      }
      Integer first = seen.putIfAbsent(fields[0] + '\u0000' + fields[2], number);
      if (first != null) {
        throw TextLines.error(source, number, "doc '" + fields[2] + "' is listed twice for query '"
            + fields[0] + "' (first on line " + first + ")", null);
      }
      run.add(fields[0], fields[2], score);
    });
    return run.build();
  }
}
