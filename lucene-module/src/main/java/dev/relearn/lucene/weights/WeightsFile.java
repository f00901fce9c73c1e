package dev.relearn.lucene.weights;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The saved-weights file and the historical-feedback seed; formats in {@link AdaptiveWeights}'s
 * class comment.
 */
final class WeightsFile {
  /** The first word of the header line. */
  static final String MAGIC = "relearn-adaptive-weights";
  /** The format version this code writes and reads. */
  static final int VERSION = 1;

  private static final String SEED_COLUMNS = "class,rating,c_bm25,c_vector,c_learned";
  private static final List<String> REQUIRED =
      List.of("samples", "positives", "negatives", "last-millis", "ema");

  private WeightsFile() {}

  /** One class block of a saved file. */
  record SavedClass(QueryClass queryClass, long samples, long positives, long negatives,
      long lastMillis, Weights ema, List<HistoryEntry> history) {}

  /** One line of a seed. */
  record SeedRating(QueryClass queryClass, double rating, double[] contributions, long millis) {}

  // --- saved weights ---------------------------------------------------------------------------

  static String format(List<ClassStats> classes) {
    StringBuilder out = new StringBuilder();
    out.append(MAGIC).append(' ').append(VERSION).append('\n');
    out.append("# relearn adaptive ranking weights per query class; weights are bm25 vector "
        + "learned\n");
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
    return out.toString();
  }

  private static String weights(Weights w) {
    return w.bm25() + " " + w.vector() + " " + w.learned();
  }

  /** Writes to a temporary file beside {@code file}, forces it to disk, moves it over. */
  static void write(Path file, List<ClassStats> classes) throws IOException {
    Path target = file.toAbsolutePath();
    Path folder = target.getParent();
    Files.createDirectories(folder);
    Path temp = Files.createTempFile(folder, target.getFileName() + ".", ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer bytes = ByteBuffer.wrap(format(classes).getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
      dir.force(true); // make the rename durable; not supported everywhere (Windows)
    } catch (IOException e) {
      // best effort: the file itself is complete either way
    }
  }

  static List<SavedClass> read(Path file) throws IOException {
    String source = file.toString();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(in, source);
    }
  }

  static List<SavedClass> parse(BufferedReader in, String source) throws IOException {
    Lines lines = new Lines(in, source);
    String header = lines.next();
    if (header == null) {
      throw lines.error("empty file; expected the header '" + MAGIC + " " + VERSION + "'");
    }
    String[] h = header.split("\\s+");
    if (!h[0].equals(MAGIC) || h.length != 2) {
      throw lines.error("not a relearn adaptive-weights file: expected the header '" + MAGIC + " "
          + VERSION + "', got '" + header + "'");
    }
    if (!h[1].equals(Integer.toString(VERSION))) {
      throw lines.error("unsupported format version '" + h[1] + "'; this relearn reads version "
          + VERSION);
    }
    List<SavedClass> classes = new ArrayList<>();
    Set<QueryClass> seen = EnumSet.noneOf(QueryClass.class);
    String line;
    while ((line = lines.next()) != null) {
      String[] t = line.split("\\s+");
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
      classes.add(parseBlock(lines, queryClass));
    }
    return classes;
  }

  private static SavedClass parseBlock(Lines lines, QueryClass queryClass) throws IOException {
    int opened = lines.number;
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
          lastMillis = parseLong(lines, line, t[1]);
        }
        case "ema" -> {
          arity(lines, line, t, 3);
          ema = weights(lines, line, t, 1);
        }
        case "history" -> {
          arity(lines, line, t, 4);
          history.add(new HistoryEntry(parseLong(lines, line, t[1]), weights(lines, line, t, 2)));
        }
        default -> throw lines.error("unknown key '" + key + "' in class '" + queryClass.label()
            + "'; expected samples, positives, negatives, last-millis, ema, history or end");
      }
    }
    throw lines.error("the file ends inside class '" + queryClass.label() + "' (line " + opened
        + "): 'end' is missing");
  }

  private static void arity(Lines lines, String line, String[] t, int values)
      throws WeightsFileException {
    if (t.length != values + 1) {
      throw lines.error("'" + t[0] + "' takes " + values + (values == 1 ? " value" : " values")
          + ", got '" + line + "'");
    }
  }

  private static long count(Lines lines, String line, String[] t, long min)
      throws WeightsFileException {
    arity(lines, line, t, 1);
    long value = parseLong(lines, line, t[1]);
    if (value < min) {
      throw lines.error("'" + t[0] + "' must be at least " + min + ", got " + value);
    }
    return value;
  }

  private static long parseLong(Lines lines, String line, String text)
      throws WeightsFileException {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw lines.error("bad integer '" + text + "' in '" + line + "'");
    }
  }

  private static double parseDouble(Lines lines, String line, String text)
      throws WeightsFileException {
    try {
      double value = Double.parseDouble(text);
      if (Double.isFinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw lines.error("bad number '" + text + "' in '" + line + "'");
  }

  private static Weights weights(Lines lines, String line, String[] t, int from)
      throws WeightsFileException {
    double bm25 = parseDouble(lines, line, t[from]);
    double vector = parseDouble(lines, line, t[from + 1]);
    double learned = parseDouble(lines, line, t[from + 2]);
    try {
      return new Weights(bm25, vector, learned);
    } catch (IllegalArgumentException e) {
      throw lines.error(e.getMessage());
    }
  }

  // --- seed ------------------------------------------------------------------------------------

  static List<SeedRating> readSeed(Reader reader, String source, long defaultMillis)
      throws IOException {
    BufferedReader in =
        reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    Lines lines = new Lines(in, source);
    List<SeedRating> ratings = new ArrayList<>();
    String line;
    boolean first = true;
    while ((line = lines.next()) != null) {
      String[] f = line.split(",", -1);
      for (int i = 0; i < f.length; i++) {
        f[i] = f[i].strip();
      }
      if (first && f.length >= 5 && String.join(",", f).toLowerCase(Locale.ROOT)
          .matches(SEED_COLUMNS + "(,millis)?")) {
        first = false;
        continue; // column names
      }
      first = false;
      if (f.length != 5 && f.length != 6) {
        throw lines.error("expected 5 or 6 comma-separated fields (" + SEED_COLUMNS
            + "[,millis]), got " + f.length + ": '" + line + "'");
      }
      QueryClass queryClass;
      try {
        queryClass = QueryClass.fromLabel(f[0]);
      } catch (IllegalArgumentException e) {
        throw lines.error(e.getMessage());
      }
      double rating = parseDouble(lines, line, f[1]);
      if (!(rating >= -1 && rating <= 1)) {
        throw lines.error("rating must be in [-1, 1], got " + f[1]);
      }
      double[] c = new double[3];
      for (int i = 0; i < 3; i++) {
        c[i] = parseDouble(lines, line, f[2 + i]);
        if (!(c[i] >= 0 && c[i] <= 1)) {
          throw lines.error(Signal.values()[i].label() + " contribution must be in [0, 1], got "
              + f[2 + i]);
        }
      }
      long millis = f.length == 6 ? parseLong(lines, line, f[5]) : defaultMillis;
      ratings.add(new SeedRating(queryClass, rating, c, millis));
    }
    return ratings;
  }

  // --- lines -----------------------------------------------------------------------------------

  /** Significant lines (stripped; blank lines and '#' comments skipped) with their numbers. */
  private static final class Lines {
    private final BufferedReader in;
    private final String source;
    int number;

    Lines(BufferedReader in, String source) {
      this.in = in;
      this.source = source;
    }

    /** The next significant line, or null at the end. */
    String next() throws IOException {
      while (true) {
        String line;
        try {
          line = in.readLine();
        } catch (CharacterCodingException e) {
          throw new WeightsFileException(source, number + 1, "not UTF-8 text");
        }
        if (line == null) {
          return null;
        }
        number++;
        line = line.strip();
        if (!line.isEmpty() && !line.startsWith("#")) {
          return line;
        }
      }
    }

    /** An error about the current line (or line 1 before any). */
    WeightsFileException error(String problem) {
      return new WeightsFileException(source, Math.max(1, number), problem);
    }
  }
}
