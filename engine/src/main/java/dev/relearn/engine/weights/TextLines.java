package dev.relearn.engine.weights;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;

/**
 * The significant lines of a seed file (stripped; blank lines and {@code #} comments skipped),
 * numbered so that every error names its line, with its number parsers.
 */
final class TextLines {
  private final BufferedReader in;
  private final String source;
  private int number;

  /** Lines of {@code in}; {@code source} names it in errors. */
  TextLines(BufferedReader in, String source) {
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
