package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;

/**
 * What a read-only engine follows of the files the writer replaces atomically: the weights
 * ratings taught ({@link Relearn#WEIGHTS_FILE}) and the trust fit from clicks ({@link
 * ClickTrust#FILE}). Each is read again when it was replaced, looked for at most every {@link
 * Relearn#READ_ONLY_REFRESH_MILLIS} ms, as the reader follows the writer's commits. Thread-safe.
 */
final class WriterFiles {
  private static final Object UNSEEN = new Object();

  private final SavedWeights weights;
  private final Path folder;
  private final Path trustFile;
  private volatile TrustState trust;
  private Object weightsSeen = UNSEEN; // guarded by this; read again at the first look
  private Object trustSeen; // guarded by this
  private long nextLookNanos; // guarded by this

  /** Follows {@code weights}' file and the trust in feedback folder {@code folder}. */
  WriterFiles(SavedWeights weights, Path folder) throws IOException {
    this.weights = weights;
    this.folder = folder;
    this.trustFile = folder.resolve(ClickTrust.FILE);
    this.trustSeen = version(trustFile); // before the read: a newer file is read at a look
    this.trust = ClickTrust.readOnly(folder);
    this.nextLookNanos = System.nanoTime();
  }

  /** The trust as the writer last saved it. */
  TrustState trust() throws IOException {
    follow();
    return trust;
  }

  /** Reads again each file replaced since it was last read, at most every 200 ms. */
  synchronized void follow() throws IOException {
    long now = System.nanoTime();
    if (now - nextLookNanos < 0) {
      return;
    }
    nextLookNanos = now + Relearn.READ_ONLY_REFRESH_MILLIS * 1_000_000;
    Object seen = version(weights.file());
    if (!Objects.equals(seen, weightsSeen)) {
      weights.reload();
      weightsSeen = seen;
    }
    seen = version(trustFile);
    if (!Objects.equals(seen, trustSeen)) {
      trust = ClickTrust.readOnly(folder);
      trustSeen = seen;
    }
  }

  /** What tells a replaced file from the one read: its file key, time and size; null: none. */
  private static Object version(Path file) throws IOException {
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime(),
          attributes.size());
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
