package dev.relearn.feedback.event;

import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/**
 * A per-install secret: random bytes created once, owner-only, written to a temporary file of its
 * own and forced to disk before it is linked into place, so that two processes opening a new store
 * agree on one secret (the second link fails: it reads the first) and a crash never leaves an
 * empty or cut one (which would stop every later open).
 */
final class SecretFile {
  private SecretFile() {}

  /** The secret in {@code file}, created of {@code length} random bytes; IOException if damaged. */
  static byte[] readOrCreate(Path file, int length) throws IOException {
    if (!Files.exists(file)) {
      create(file.toAbsolutePath(), length);
    }
    byte[] secret = Files.readAllBytes(file);
    if (secret.length != length) {
      throw new IOException(file + " has " + secret.length + " bytes, expected " + length
          + "; it is damaged");
    }
    return secret;
  }

  private static void create(Path file, int length) throws IOException {
    byte[] fresh = new byte[length];
    new SecureRandom().nextBytes(fresh);
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp");
    try {
      OwnerOnly.restrict(tmp); // before the secret is in it
      try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(fresh);
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      try {
        Files.createLink(file, tmp); // never replaces: a move would, on POSIX
      } catch (FileAlreadyExistsException e) {
        return; // another process created it first: use theirs
      } catch (UnsupportedOperationException | FileSystemException e) { // no hard links here
        try {
          Files.move(tmp, file); // fails if it exists, though not atomically
        } catch (FileAlreadyExistsException exists) {
          return;
        } catch (IOException moveFailed) {
          moveFailed.addSuppressed(e);
          throw moveFailed;
        }
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
    AtomicFiles.forceFolder(file.getParent());
  }
}
