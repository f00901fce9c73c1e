package dev.relearn.eval.beir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ObjIntConsumer;
import java.util.zip.GZIPInputStream;
import org.apache.lucene.util.IOUtils;

/**
 * Opens the text files of a dataset, its corpus included: UTF-8, gunzipped when the name ends in
 * {@code .gz}.
 */
public final class TextLines {
  private static final char BOM = '\uFEFF';

  private TextLines() {}

  /** A reader over {@code file}; {@link BufferedReader#readLine()} drops LF and CRLF endings. */
  public static BufferedReader open(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    try {
      if (file.getFileName().toString().endsWith(".gz")) {
        in = new GZIPInputStream(in, 1 << 16);
      }
      return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    } catch (IOException e) {
      IOUtils.closeWhileSuppressingExceptions(e, in);
      throw e;
    }
  }

  /** The error of line {@code number} of {@code source}: {@code "<source> line <n>: <problem>"}. */
  public static IllegalArgumentException error(String source, int number, String problem,
      Throwable cause) {
    return new IllegalArgumentException(source + " line " + number + ": " + problem, cause);
  }

  /**
   * Passes each non-blank line of {@code reader} to {@code lines} with its 1-based number, a
   * leading byte-order mark dropped (as Windows tools write one).
   */
  public static void forEach(BufferedReader reader, ObjIntConsumer<String> lines)
      throws IOException {
    int number = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      if (++number == 1 && !line.isEmpty() && line.charAt(0) == BOM) {
        line = line.substring(1);
      }
      if (!line.isBlank()) {
        lines.accept(line, number);
      }
    }
  }
}
