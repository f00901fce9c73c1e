package dev.relearn.eval.firststage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The JDK's own sources, as real code to search. */
final class JdkSources {
  private static final String JAVA_UTIL = "java.base/java/util/";

  private JdkSources() {}

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
}
