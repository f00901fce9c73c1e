package dev.relearn.eval.bench;

import dev.relearn.engine.Relearn;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * An IDE's index-on-save at scale: a line is inserted at the top of one seeded source file of an
 * indexed folder (shifting every code window of the file, so its chunks are renamed), then that
 * file alone is indexed by path; {@value #SAVES} times. The file is put back and indexed again
 * after. A slice's files are hard links to the source tree ({@link NestedSlices}), so each edit
 * replaces the link with a new file rather than writing through it.
 */
final class FileSaves {
  /** Saves timed per size. */
  static final int SAVES = 5;

  private FileSaves() {}

  /** The median time in milliseconds of indexing one edited file of {@code folder}. */
  static double medianMillis(Relearn engine, Path folder, long seed) throws IOException {
    Path file = pick(folder, seed);
    byte[] original = Files.readAllBytes(file);
    long[] took = new long[SAVES];
    try {
      for (int i = 0; i < SAVES; i++) {
        byte[] line = ("/* saved " + (i + 1) + " */\n").getBytes(StandardCharsets.UTF_8);
        byte[] edited = Arrays.copyOf(line, line.length + original.length);
        System.arraycopy(original, 0, edited, line.length, original.length);
        replace(file, edited);
        long start = System.nanoTime();
        engine.index(file, SourceFormat.AUTO, Progress.NONE);
        took[i] = System.nanoTime() - start;
      }
    } finally {
      replace(file, original);
    }
    engine.index(file, SourceFormat.AUTO, Progress.NONE);
    Arrays.sort(took);
    return took[SAVES / 2] / 1e6;
  }

  /** A seeded choice among the folder's C files (any file when it has none), in path order. */
  private static Path pick(Path folder, long seed) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    List<Path> sources = files.stream().filter(p -> p.toString().endsWith(".c")).toList();
    List<Path> choices = sources.isEmpty() ? files : sources;
    if (choices.isEmpty()) {
      throw new IllegalArgumentException("no file to edit in " + folder);
    }
    return choices.get(new Random(seed).nextInt(choices.size()));
  }

  /** Writes {@code content} to a new file moved over {@code file}: a hard link is not followed. */
  private static void replace(Path file, byte[] content) throws IOException {
    Path scratch = Files.createTempFile(file.getParent(), "relearn-save", ".tmp");
    try {
      Files.write(scratch, content);
      Files.move(scratch, file, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(scratch);
    }
  }
}
