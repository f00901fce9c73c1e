package dev.relearn.lucene.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a small file whole or not at all: the bytes go to a new temporary file beside it,
 * which is forced to disk and then moved over the target, and the folder is forced so that the
 * move survives a power loss. A reader, or an open after a crash, sees the old file or the new
 * one, never an empty or cut one (which would stop every later open of an index).
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Replaces {@code file} with {@code bytes}. Its folder must exist: it is not created, so that a
   * late write (a background save) into an index folder deleted meanwhile cannot make it again.
   *
   * @param ownerOnly whether the file is made owner-only ({@link OwnerOnly}) before it appears
   * @throws NoSuchFileException naming the folder, when it is not there
   */
  public static void write(Path file, byte[] bytes, boolean ownerOnly) throws IOException {
    Path target = file.toAbsolutePath();
    Path folder = target.getParent();
    if (!Files.isDirectory(folder)) {
      throw new NoSuchFileException(folder.toString(), null, "cannot write "
          + target.getFileName() + ": no such folder (it is not created here)");
    }
    Path temp = Files.createTempFile(folder, target.getFileName() + ".", ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      if (ownerOnly) {
        OwnerOnly.restrict(temp);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    forceFolder(folder); // makes the move durable
  }

  /**
   * Forces {@code folder}'s entries to disk, so that a file moved into it survives a power loss.
   * Some platforms (Windows) cannot open a folder for this: there the moved file is complete
   * either way, and only the move itself might be undone by a power loss.
   */
  public static void forceFolder(Path folder) {
    try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // not supported everywhere (Windows): the file itself is complete either way
    }
  }
}
