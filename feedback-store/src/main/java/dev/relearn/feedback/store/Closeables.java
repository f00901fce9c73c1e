package dev.relearn.feedback.store;

import java.io.Closeable;
import java.io.IOException;

/** Closes several resources, keeping every failure: none is swallowed. */
final class Closeables {
  private Closeables() {}

  /**
   * Closes each resource (nulls are skipped). With a {@code first} failure in flight, close
   * failures are added to it as suppressed; otherwise the first close failure is thrown with the
   * others suppressed.
   */
  static void closeAll(Throwable first, Closeable... resources) throws IOException {
    IOException failure = null;
    for (Closeable resource : resources) {
      if (resource == null) {
        continue;
      }
      try {
        resource.close();
      } catch (IOException | RuntimeException e) {
        if (first != null) {
          first.addSuppressed(e);
        } else if (failure == null) {
          failure = e instanceof IOException io ? io : new IOException(e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
