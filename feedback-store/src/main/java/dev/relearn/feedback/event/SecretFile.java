package dev.relearn.feedback.event;

import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;

/**
 * A per-install secret: random bytes created once, owner-only, and moved into place atomically so
 * that two processes opening a new store agree on one secret.
 */
final class SecretFile {
  private SecretFile() {}

  /** The secret in {@code file}, created of {@code length} random bytes; IOException if damaged. */
  static byte[] readOrCreate(Path file, int length) throws IOException {
    if (!Files.exists(file)) {
      byte[] fresh = new byte[length];
      new SecureRandom().nextBytes(fresh);
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.write(tmp, fresh);
      OwnerOnly.restrict(tmp);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException e) {
        Files.deleteIfExists(tmp); // another process created it first: use theirs
      }
    }
    byte[] secret = Files.readAllBytes(file);
    if (secret.length != length) {
      throw new IOException(file + " has " + secret.length + " bytes, expected " + length
          + "; it is damaged");
    }
    return secret;
  }
}
