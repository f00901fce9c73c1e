package dev.relearn.eval.firststage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;

/** The JDK's own sources, as real code to search. */
final class JdkSources {
  private static final String JAVA_UTIL = "java.base/java/util/";

  private JdkSources() {}

  /**
   * The running JDK's {@code java.util} sources, copied into {@code into} ({@link
   * #extractJavaUtil}); the calling test is skipped, saying why, when the JDK has no {@code
   * lib/src.zip}.
   */
  static Path javaUtil(Path into) throws IOException {
    Path zip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
    Assumptions.assumeTrue(Files.isRegularFile(zip), "skipped: no JDK sources at " + zip
        + " (this JDK ships without src.zip), and the code-search bars are measured on them");
    return extractJavaUtil(zip, into);
  }

  /** Copies the {@code .java} files directly in {@code java.util} (not its subpackages). */
  static Path extractJavaUtil(Path srcZip, Path into) throws IOException {
    Files.createDirectories(into);
    try (ZipFile zip = new ZipFile(srcZip.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        String name = entry.getName();
        if (name.startsWith(JAVA_UTIL) && name.endsWith(".java")
            && name.indexOf('/', JAVA_UTIL.length()) < 0) {
          try (InputStream in = zip.getInputStream(entry)) {
            Files.copy(in, into.resolve(name.substring(JAVA_UTIL.length())));
          }
        }
      }
    }
    return into;
  }

  /** Copies {@code count} of {@code folder}'s {@code .java} files, drawn with {@code seed}. */
  static Path sample(Path folder, int count, long seed, Path into) throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files = new ArrayList<>(listing.filter(p -> p.toString().endsWith(".java")).sorted()
          .toList());
    }
    Collections.shuffle(files, new Random(seed));
    Files.createDirectories(into);
    for (Path file : files.subList(0, Math.min(count, files.size()))) {
      Files.copy(file, into.resolve(file.getFileName()));
    }
    return into;
  }
}
