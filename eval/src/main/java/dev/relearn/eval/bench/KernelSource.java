package dev.relearn.eval.bench;

import dev.relearn.indexer.build.Progress;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The scale benchmark's corpus: the Linux kernel's source as Debian's {@code linux-source-6.1}
 * package ships it ({@value #TARBALL}), installed with {@code apt-get} when it is missing and
 * unpacked once into a work folder.
 */
public final class KernelSource {
  /** The Debian package that ships the tarball. */
  public static final String PACKAGE = "linux-source-6.1";
  /** Where the package puts the kernel's source. */
  public static final String TARBALL = "/usr/src/linux-source-6.1.tar.xz";
  /** The folder the tarball unpacks to. */
  static final String FOLDER = "linux-source-6.1";
  /** Written once the tarball is wholly unpacked, so that an interrupted unpack starts over. */
  static final String UNPACKED_MARKER = ".relearn-unpacked";
  /** Debian's rule that ignores everything at the top level of its kernel tarball. */
  static final String DEBIAN_IGNORE_ALL = "/*";
  /** Debian's exception to it. */
  static final String DEBIAN_KEEP = "!/debian/";

  private KernelSource() {}

  /**
   * The unpacked kernel source under {@code work}: installs {@value #PACKAGE} with {@code apt-get
   * install -y} when {@code tarball} is missing, then unpacks it unless a previous run did,
   * announcing each step on {@code progress}.
   *
   * @throws IOException when apt-get or tar fails, with its exit code
   */
  public static Path prepare(Path tarball, Path work, Progress progress) throws IOException {
    if (!Files.isRegularFile(tarball)) {
      progress.note(tarball + " is missing: apt-get install -y " + PACKAGE
          + " (needs root and network)");
      run(List.of("apt-get", "install", "-y", PACKAGE), "apt-get install -y " + PACKAGE,
          progress);
      if (!Files.isRegularFile(tarball)) {
        throw new IOException("apt-get installed " + PACKAGE + " but " + tarball
            + " is still missing");
      }
    }
    Path folder = work.resolve(FOLDER);
    if (Files.isRegularFile(folder.resolve(UNPACKED_MARKER))) {
      return unignored(folder);
    }
    Files.createDirectories(work);
    progress.note("unpacking " + tarball + " into " + work + " (about 1.5 GB)");
    run(List.of("tar", "-xJf", tarball.toString(), "-C", work.toString()), "tar -xJf " + tarball,
        progress);
    if (!Files.isDirectory(folder)) {
      throw new IOException(tarball + " did not unpack to " + folder);
    }
    Files.writeString(folder.resolve(UNPACKED_MARKER), "");
    return unignored(folder);
  }

  /**
   * {@code folder} without Debian's packaging rules {@value #DEBIAN_IGNORE_ALL} and {@value
   * #DEBIAN_KEEP} in its top-level {@code .gitignore}: they ignore every file outside debian/, so a
   * folder walk would index nothing. The kernel's own rules stay.
   */
  static Path unignored(Path folder) throws IOException {
    Path file = folder.resolve(".gitignore");
    if (!Files.isRegularFile(file)) {
      return folder;
    }
    List<String> lines = Files.readAllLines(file);
    List<String> kept = lines.stream()
        .filter(line -> !line.equals(DEBIAN_IGNORE_ALL) && !line.equals(DEBIAN_KEEP)).toList();
    if (kept.size() != lines.size()) {
      Files.write(file, kept);
    }
    return folder;
  }

  /** Runs {@code command}, each line of its output a note, and checks its exit code. */
  private static void run(List<String> command, String label, Progress progress)
      throws IOException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    int code;
    try (BufferedReader output = process.inputReader()) {
      for (String line = output.readLine(); line != null; line = output.readLine()) {
        progress.note(line);
      }
      code = process.waitFor();
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
      throw new IOException(label + " interrupted", e);
    }
    if (code != 0) {
      throw new IOException(label + " failed with exit code " + code);
    }
  }
}
