package dev.relearn.eval.beir;

import dev.relearn.eval.metrics.Qrels;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Reads a qrels file in BEIR's form {@code query-id corpus-id score} or TREC's
 * {@code qid iter docid grade} (the iteration column is ignored).
 *
 * <ul>
 *   <li>Columns are separated by tabs; a line without a tab is split on runs of spaces. Fields are
 *       trimmed, so doc ids may contain spaces in tab-separated files.
 *   <li>The first non-blank line is a header, and skipped, when its first field is
 *       {@code query-id}, {@code query_id}, {@code queryid} or {@code qid} (any case) and its last
 *       field is not an integer.
 *   <li>Blank lines are skipped; LF and CRLF endings are accepted; {@code .gz} is gunzipped.
 *   <li>The grade must be an integer; grades of 0 and below are judged non-relevant.
 *   <li>A (query, doc) pair given more than once keeps its highest grade.
 * </ul>
 */
public final class QrelsFile {
  private static final Pattern TAB = Pattern.compile("\t");
  private static final Pattern SPACES = Pattern.compile(" +");
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?[\\d.]+([eE][+-]?\\d+)?");
  private static final Pattern HEADER_FIRST_FIELD =
      Pattern.compile("(?i)query[-_]?id|qid");

  private QrelsFile() {}

  /**
   * The judgments of {@code file}; a malformed line throws, naming the file and the line number.
   */
  public static Qrels read(Path file) throws IOException {
    Qrels.Builder qrels = Qrels.builder();
    boolean[] first = {true};
    try (BufferedReader reader = TextLines.open(file)) {
      TextLines.forEach(reader, (line, number) -> {
        String[] fields = split(line);
        if (!first[0] || !isHeader(fields)) {
          addLine(qrels, fields, line, file.toString(), number, first[0]);
        }
        first[0] = false;
      });
    }
    return qrels.build();
  }

  private static void addLine(Qrels.Builder qrels, String[] fields, String line, String source,
      int lineNumber, boolean first) {
    if (fields.length != 3 && fields.length != 4) {
      throw TextLines.error(source, lineNumber, "expected 3 columns (query-id corpus-id score) or"
          + " 4 (qid iter docid grade), got " + fields.length + ": '" + line + "'", null);
    }
    String queryId = fields[0];
    String docId = fields[fields.length - 2];
    String grade = fields[fields.length - 1];
    if (queryId.isEmpty() || docId.isEmpty()) {
      throw TextLines.error(source, lineNumber, "empty query or doc id: '" + line + "'", null);
    }
    int value;
    try {
      value = Integer.parseInt(grade);
    } catch (NumberFormatException e) {
      throw TextLines.error(source, lineNumber, "grade must be an integer, got: '" + grade + "'"
          + (first && !DECIMAL.matcher(grade).matches()
              ? " (a header line starts with query-id, query_id, queryid or qid)" : ""), e);
    }
    qrels.add(queryId, docId, value);
  }

  private static String[] split(String line) {
    String trimmed = line.strip();
    String[] fields = trimmed.indexOf('\t') >= 0 ? TAB.split(trimmed, -1) : SPACES.split(trimmed);
    for (int i = 0; i < fields.length; i++) {
      fields[i] = fields[i].strip();
    }
    return fields;
  }

  private static boolean isHeader(String[] fields) {
    return HEADER_FIRST_FIELD.matcher(fields[0]).matches()
        && !INTEGER.matcher(fields[fields.length - 1]).matches();
  }
}
