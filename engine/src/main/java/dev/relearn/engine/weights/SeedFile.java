package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A file of historical ratings that seeds the weights at a cold start (format in the {@linkplain
 * dev.relearn.engine.weights package documentation}); every line is checked, errors name it.
 */
final class SeedFile {
  private static final String COLUMNS = "class,rating,c_bm25,c_vector,c_learned";
  /** The earliest rating time taken: 2000-01-01, in epoch milliseconds. */
  static final long EARLIEST_MILLIS = 946_684_800_000L;
  /** How far after the seed's time a rating may be dated (clocks differ a little). */
  static final long LATEST_AHEAD_MILLIS = 24 * 3600 * 1000L;

  private SeedFile() {}

  /**
   * The ratings of a seed, {@code source} naming it in errors.
   *
   * @param defaultMillis now: the time of a line without one, and the latest taken but a day
   */
  static List<ClassRating> read(Reader reader, String source, long defaultMillis)
      throws IOException {
    BufferedReader in =
        reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    Lines lines = new Lines(in, source);
    List<ClassRating> ratings = new ArrayList<>();
    String line;
    boolean first = true;
    while ((line = lines.next()) != null) {
      String[] f = line.split(",", -1);
      for (int i = 0; i < f.length; i++) {
        f[i] = f[i].strip();
      }
      if (first && f.length >= 5 && String.join(",", f).toLowerCase(Locale.ROOT)
          .matches(COLUMNS + "(,millis)?")) {
        first = false;
        continue; // column names
      }
      first = false;
      if (f.length != 5 && f.length != 6) {
        throw lines.error("expected 5 or 6 comma-separated fields (" + COLUMNS
            + "[,millis]), got " + f.length + ": '" + line + "'");
      }
      QueryClass queryClass;
      try {
        queryClass = QueryClass.fromLabel(f[0]);
      } catch (IllegalArgumentException e) {
        throw lines.error(e.getMessage());
      }
      double rating = lines.parseDouble(line, f[1]);
      if (!(rating >= -1 && rating <= 1)) {
        throw lines.error("rating must be in [-1, 1], got " + f[1]);
      }
      double[] c = new double[3];
      for (int i = 0; i < 3; i++) {
        c[i] = lines.parseDouble(line, f[2 + i]);
        if (!(c[i] >= 0 && c[i] <= 1)) {
          throw lines.error(Signal.values()[i].label() + " contribution must be in [0, 1], got "
              + f[2 + i]);
        }
      }
      long millis = f.length == 6 ? lines.parseLong(line, f[5]) : defaultMillis;
      if (millis < EARLIEST_MILLIS || millis > defaultMillis + LATEST_AHEAD_MILLIS) {
        throw lines.error("millis must be epoch milliseconds from 2000-01-01 to a day from now,"
            + " got " + f[5] + (millis >= EARLIEST_MILLIS / 1000 && millis < EARLIEST_MILLIS
                ? " (seconds? times 1000 is " + millis * 1000 + ")" : ""));
      }
      ratings.add(new ClassRating(queryClass, rating, c, millis));
    }
    return ratings;
  }

  /**
   * The significant lines of a seed (stripped; blank lines and {@code #} comments skipped),
   * numbered so that every error names its line.
   */
  private static final class Lines {
    private final BufferedReader in;
    private final String source;
    private int number;

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
        if (++number == 1 && line.startsWith("\uFEFF")) { // a spreadsheet's UTF-8 mark
          line = line.substring(1);
        }
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

    /** {@code text}, a field of {@code line}, as a whole number. */
    long parseLong(String line, String text) throws WeightsFileException {
      try {
        return Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw error("bad integer '" + text + "' in '" + line + "'");
      }
    }

    /** {@code text}, a field of {@code line}, as a finite number. */
    double parseDouble(String line, String text) throws WeightsFileException {
      try {
        double value = Double.parseDouble(text);
        if (Double.isFinite(value)) {
          return value;
        }
      } catch (NumberFormatException e) {
        // reported below, with the line
      }
      throw error("bad number '" + text + "' in '" + line + "'");
    }
  }
}
