package dev.relearn.lucene.weights;

import dev.relearn.lucene.files.AtomicFiles;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The saved-weights file: written atomically, read back with errors that name the line; the
 * format is in the {@linkplain dev.relearn.lucene.weights package documentation}. The
 * historical-ratings seed is {@link SeedFile}.
 */
final class WeightsFile {
  /** The first word of the header line. */
  static final String MAGIC = "relearn-adaptive-weights";
  /**
   * The format version this code writes (with the closing {@link #TRAILER} line); it also reads
   * versions 1 (no applied ids, no trailer) and 2 (no trailer) as they are.
   */
  static final int VERSION = 3;
  /** The first word of the last line of a version 3 file, which counts what came before it. */
  static final String TRAILER = "end-of-file";

  private static final String CUT_SHORT =
      "without its closing '" + TRAILER + "' line: it was cut short";
  private static final List<String> REQUIRED =
      List.of("samples", "positives", "negatives", "last-millis", "ema");

  private WeightsFile() {}

  /** What a saved file holds: its class blocks and the ids of applied ratings, oldest first. */
  record Saved(List<SavedClass> classes, List<String> appliedRatings) {}

  /** One class block of a saved file. */
  record SavedClass(QueryClass queryClass, long samples, long positives, long negatives,
      long lastMillis, Weights ema, List<HistoryEntry> history) {}

  static String format(List<ClassStats> classes, List<String> appliedRatings) {
    StringBuilder out = new StringBuilder();
    out.append(MAGIC).append(' ').append(VERSION).append('\n');
    out.append("# relearn adaptive ranking weights per query class; weights are bm25 vector "
        + "learned\n");
    for (String id : appliedRatings) {
      out.append("applied ").append(id).append('\n');
    }
    for (ClassStats c : classes) {
      out.append("class ").append(c.queryClass().label()).append('\n');
      out.append("samples ").append(c.samples()).append('\n');
      out.append("positives ").append(c.positives()).append('\n');
      out.append("negatives ").append(c.negatives()).append('\n');
      out.append("last-millis ").append(c.lastMillis()).append('\n');
      out.append("ema ").append(weights(c.ema())).append('\n');
      for (HistoryEntry entry : c.history()) {
        out.append("history ").append(entry.millis()).append(' ').append(weights(entry.weights()))
            .append('\n');
      }
      out.append("end\n");
    }
    out.append(TRAILER).append(" classes ").append(classes.size()).append(" applied ")
        .append(appliedRatings.size()).append('\n');
    return out.toString();
  }

  private static String weights(Weights w) {
    return w.bm25() + " " + w.vector() + " " + w.learned();
  }

  /** Replaces {@code file} whole or not at all ({@link AtomicFiles}). */
  static void write(Path file, List<ClassStats> classes, List<String> appliedRatings)
      throws IOException {
    AtomicFiles.write(file, format(classes, appliedRatings).getBytes(StandardCharsets.UTF_8),
        false);
  }

  /**
   * Reads a saved file. Every file this code writes ends with a newline and, from version 3, with
   * a {@link #TRAILER} line counting the classes and applied ids before it, so a file cut short
   * (a failing disk or a partial copy; a crash cannot do it, as saves are atomic) is refused, not
   * read as a shorter file that the next save would make permanent: whether the cut falls inside
   * a line or between two. Versions 1 and 2 have no trailer; only a cut inside a line or inside a
   * class block is detectable in them.
   */
  static Saved read(Path file) throws IOException {
    String source = file.toString();
    byte[] bytes = Files.readAllBytes(file);
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new ByteArrayInputStream(bytes), StandardCharsets.UTF_8.newDecoder()))) {
      requireWholeLastLine(bytes, source);
      return parse(in, source);
    } catch (WeightsFileException e) { // a saved file blocks every open: say the way out
      throw new WeightsFileException(source, e.line(), e.problem() + ". Fix that line, restore"
          + " the file from a backup, or delete it to start the weights afresh (feedback is kept)");
    }
  }

  private static void requireWholeLastLine(byte[] bytes, String source)
      throws WeightsFileException {
    int end = bytes.length;
    if (end == 0 || bytes[end - 1] == '\n') {
      return;
    }
    int start = 0;
    int line = 1;
    for (int i = 0; i < end; i++) {
      if (bytes[i] == '\n') {
        line++;
        start = i + 1;
      }
    }
    String last = new String(bytes, start, end - start, StandardCharsets.UTF_8).strip();
    if (!last.equals("end")) { // a hand-edited file may lack the final newline after 'end'
      throw new WeightsFileException(source, line, "the file ends in the middle of a line: it"
          + " was cut short");
    }
  }

  static Saved parse(BufferedReader in, String source) throws IOException {
    TextLines lines = new TextLines(in, source);
    String header = lines.next();
    if (header == null) {
      throw lines.error("empty file; expected the header '" + MAGIC + " " + VERSION + "'");
    }
    String[] h = header.split("\\s+");
    if (!h[0].equals(MAGIC) || h.length != 2) {
      throw lines.error("not a relearn adaptive-weights file: expected the header '" + MAGIC + " "
          + VERSION + "', got '" + header + "'");
    }
    int version = switch (h[1]) {
      case "1" -> 1;
      case "2" -> 2;
      case "3" -> 3;
      default -> throw lines.error("unsupported format version '" + h[1] + "'; this relearn reads"
          + " versions 1 to " + VERSION);
    };
    List<SavedClass> classes = new ArrayList<>();
    List<String> applied = new ArrayList<>();
    Set<QueryClass> seen = EnumSet.noneOf(QueryClass.class);
    String line;
    while ((line = lines.next()) != null) {
      String[] t = line.split("\\s+");
      if (t[0].equals(TRAILER) && version >= 3) {
        checkTrailer(lines, line, t, classes.size(), applied.size());
        return new Saved(classes, applied);
      }
      if (t[0].equals("applied") && version >= 2 && classes.isEmpty()) {
        arity(lines, line, t, 1);
        try {
          applied.add(AppliedRatings.check(t[1]));
        } catch (IllegalArgumentException e) {
          throw lines.error(e.getMessage());
        }
        continue;
      }
      if (t[0].equals("applied")) {
        throw lines.error("misplaced 'applied' line: it belongs before the first class, and only"
            + " from format version 2 on");
      }
      if (!t[0].equals("class") || t.length != 2) {
        throw lines.error("expected 'class <label>', got '" + line + "'");
      }
      QueryClass queryClass;
      try {
        queryClass = QueryClass.fromLabel(t[1]);
      } catch (IllegalArgumentException e) {
        throw lines.error(e.getMessage());
      }
      if (!seen.add(queryClass)) {
        throw lines.error("class '" + queryClass.label() + "' appears twice");
      }
      classes.add(parseBlock(lines, queryClass, version));
    }
    if (version >= 3) { // cut at a line boundary: every line present is whole, the last is lost
      throw lines.errorAtEnd("the file ends " + CUT_SHORT);
    }
    return new Saved(classes, applied);
  }

  /**
   * Checks the trailer {@code end-of-file classes <n> applied <m>} against what was read, and
   * that nothing but comments follows it.
   */
  private static void checkTrailer(TextLines lines, String line, String[] t, int classes,
      int applied) throws IOException {
    if (t.length != 5 || !t[1].equals("classes") || !t[3].equals("applied")) {
      throw lines.error("expected '" + TRAILER + " classes <count> applied <count>', got '" + line
          + "'");
    }
    long countedClasses = lines.parseLong(line, t[2]);
    long countedApplied = lines.parseLong(line, t[4]);
    if (countedClasses != classes || countedApplied != applied) {
      throw lines.error("'" + TRAILER + "' counts " + countedClasses + " classes and "
          + countedApplied + " applied ids, but the file holds " + classes + " and " + applied
          + ": lines are missing or were added");
    }
    String after = lines.next();
    if (after != null) {
      throw lines.error("'" + after + "' after the closing '" + TRAILER + "' line");
    }
  }

  private static SavedClass parseBlock(TextLines lines, QueryClass queryClass, int version)
      throws IOException {
    int opened = lines.number();
    Set<String> keys = new HashSet<>();
    long samples = 0;
    long positives = 0;
    long negatives = 0;
    long lastMillis = 0;
    Weights ema = null;
    List<HistoryEntry> history = new ArrayList<>();
    String line;
    while ((line = lines.next()) != null) {
      String[] t = line.split("\\s+");
      String key = t[0];
      if (key.equals("end") && t.length == 1) {
        for (String required : REQUIRED) {
          if (!keys.contains(required)) {
            throw lines.error("class '" + queryClass.label() + "' (line " + opened
                + ") lacks '" + required + "'");
          }
        }
        if (positives + negatives > samples) {
          throw lines.error("class '" + queryClass.label() + "': positives (" + positives
              + ") and negatives (" + negatives + ") exceed samples (" + samples + ")");
        }
        return new SavedClass(queryClass, samples, positives, negatives, lastMillis, ema,
            history);
      }
      if (!key.equals("history") && !keys.add(key)) {
        throw lines.error("'" + key + "' appears twice in class '" + queryClass.label() + "'");
      }
      switch (key) {
        case "samples" -> samples = count(lines, line, t, 1);
        case "positives" -> positives = count(lines, line, t, 0);
        case "negatives" -> negatives = count(lines, line, t, 0);
        case "last-millis" -> {
          arity(lines, line, t, 1);
          lastMillis = lines.parseLong(line, t[1]);
        }
        case "ema" -> {
          arity(lines, line, t, 3);
          ema = weights(lines, line, t, 1);
        }
        case "history" -> {
          arity(lines, line, t, 4);
          history.add(new HistoryEntry(lines.parseLong(line, t[1]), weights(lines, line, t, 2)));
        }
        default -> throw lines.error("unknown key '" + key + "' in class '" + queryClass.label()
            + "'; expected samples, positives, negatives, last-millis, ema, history or end");
      }
    }
    if (version >= 3) {
      throw lines.errorAtEnd("the file ends inside class '" + queryClass.label() + "' (line "
          + opened + ") " + CUT_SHORT);
    }
    throw lines.error("the file ends inside class '" + queryClass.label() + "' (line " + opened
        + "): 'end' is missing");
  }

  private static void arity(TextLines lines, String line, String[] t, int values)
      throws WeightsFileException {
    if (t.length != values + 1) {
      throw lines.error("'" + t[0] + "' takes " + values + (values == 1 ? " value" : " values")
          + ", got '" + line + "'");
    }
  }

  private static long count(TextLines lines, String line, String[] t, long min)
      throws WeightsFileException {
    arity(lines, line, t, 1);
    long value = lines.parseLong(line, t[1]);
    if (value < min) {
      throw lines.error("'" + t[0] + "' must be at least " + min + ", got " + value);
    }
    return value;
  }

  private static Weights weights(TextLines lines, String line, String[] t, int from)
      throws WeightsFileException {
    double bm25 = lines.parseDouble(line, t[from]);
    double vector = lines.parseDouble(line, t[from + 1]);
    double learned = lines.parseDouble(line, t[from + 2]);
    try {
      return new Weights(bm25, vector, learned);
    } catch (IllegalArgumentException e) {
      throw lines.error(e.getMessage());
    }
  }

}
