package dev.relearn.lucene.rerank;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Runs {@link Lucene9Writer} against Lucene 9's {@code lucene-core} (copied by the build into
 * {@code target/lucene9}, on no classpath) in a class loader of its own, whose parent is the
 * platform loader: the tests' Lucene 10 is invisible to it.
 */
final class OldLucene {
  private OldLucene() {}

  /** Lucene 9's jar; the build passes its path in {@code relearn.lucene9}. */
  static Path jar() {
    String path = System.getProperty("relearn.lucene9");
    if (path == null || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalStateException("no Lucene 9 jar at relearn.lucene9=" + path
          + "; run the tests through Maven, which copies it into target/lucene9");
    }
    return Path.of(path);
  }

  /**
   * {@link Lucene9Writer#write} in Lucene 9's class loader.
   *
   * @return the version of the Lucene that wrote the index
   */
  static String write(Path folder, String[] skus, String[] titles, float[][] embeddings,
      Set<String> deleted, int perSegment) throws Exception {
    URL writerClasses = Lucene9Writer.class.getProtectionDomain().getCodeSource().getLocation();
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try (URLClassLoader lucene9 = new URLClassLoader("lucene9",
        new URL[] {jar().toUri().toURL(), writerClasses}, ClassLoader.getPlatformClassLoader())) {
      thread.setContextClassLoader(lucene9); // Lucene's SPI lookups see Lucene 9's codecs
      Method write = lucene9.loadClass(Lucene9Writer.class.getName()).getMethod("write",
          Path.class, String[].class, String[].class, float[][].class, Set.class, int.class);
      return (String) write.invoke(null, folder, skus, titles, embeddings, deleted, perSegment);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
