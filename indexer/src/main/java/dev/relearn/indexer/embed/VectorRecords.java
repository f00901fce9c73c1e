package dev.relearn.indexer.embed;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.zip.CRC32;

/**
 * The vector cache file's format, shared by {@link VectorStore} and its compaction: a header
 * (magic, dimension, model id), then fixed-size little-endian records of the text's SHA-256, the
 * vector and a CRC32 of both; and how the file is opened.
 */
final class VectorRecords {
  static final int MAGIC = 0x524c5643; // "RLVC"
  static final int HASH_BYTES = 32;

  private VectorRecords() {}

  /**
   * The real path of the cache file {@code file} in {@code dir} (creating the folder if needed):
   * the folder's symbolic links resolved, so that every spelling of it names one file. The file
   * itself is neither opened nor followed.
   *
   * @throws IOException naming the folder and the options that choose another, when it cannot
   *     be created
   */
  static Path realFile(Path dir, Path file) throws IOException {
    try {
      Files.createDirectories(dir);
      return dir.toRealPath().resolve(file.getFileName());
    } catch (FileSystemException e) {
      throw cannotWrite(dir, e);
    }
  }

  /**
   * Opens (creating it and its folder {@code dir} if needed) the cache file {@code file} for
   * reading and writing, never through a symbolic link.
   *
   * @throws IOException naming the folder and the options that choose another, when it cannot
   *     be created or written
   */
  static FileChannel openFile(Path dir, Path file) throws IOException {
    try {
      Files.createDirectories(dir);
      if (Files.isSymbolicLink(file)) {
        // in a shared cache folder, a link would make this process restrict and write its target
        throw new IOException("embedding cache " + file + " is a symbolic link; relearn does not"
            + " follow it: remove it, or choose another --vector-cache folder");
      }
      return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    } catch (FileSystemException e) {
      throw cannotWrite(dir, e);
    }
  }

  /** The error for a cache folder that cannot be written: the exception alone names a path. */
  private static IOException cannotWrite(Path dir, FileSystemException e) {
    Path folder = dir.toAbsolutePath().normalize();
    String reason = e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
    String where = e.getFile() == null || Path.of(e.getFile()).toAbsolutePath().normalize()
        .equals(folder) ? "" : ": " + e.getFile();
    return new IOException("cannot write the vector cache folder " + folder + " (" + reason
        + where + "); choose a folder this user can write with --vector-cache or"
        + " RELEARN_VECTOR_CACHE", e);
  }

  /** Bytes of one record of a {@code dimension}-component vector. */
  static int recordBytes(int dimension) {
    return HASH_BYTES + 4 * dimension + 4;
  }

  /** The header of {@code modelId}'s file of {@code dimension}-component vectors, flipped. */
  static ByteBuffer header(String modelId, int dimension) {
    byte[] id = modelId.getBytes(StandardCharsets.UTF_8);
    ByteBuffer header = ByteBuffer.allocate(12 + id.length).order(ByteOrder.LITTLE_ENDIAN);
    return header.putInt(MAGIC).putInt(dimension).putInt(id.length).put(id).flip();
  }

  /** A buffer for one record. */
  static ByteBuffer recordBuffer(int recordBytes) {
    return ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Reads the record at {@code offset} into {@code record} (cleared first, flipped after).
   *
   * @return whether a whole record was there and its checksum matches
   */
  static boolean read(FileChannel channel, long offset, ByteBuffer record) throws IOException {
    record.clear();
    while (record.hasRemaining()) {
      if (channel.read(record, offset + record.position()) < 0) {
        break;
      }
    }
    record.flip();
    return record.remaining() == record.capacity() && intact(record);
  }

  /** Whether a whole record's CRC32 matches its hash and vector. */
  static boolean intact(ByteBuffer record) {
    int recordBytes = record.capacity();
    CRC32 crc = new CRC32();
    crc.update(record.array(), 0, recordBytes - 4);
    return (int) crc.getValue() == record.getInt(recordBytes - 4);
  }

  /** The hex SHA-256 a record starts with. */
  static String hash(ByteBuffer record) {
    return HexFormat.of().formatHex(record.array(), 0, HASH_BYTES);
  }

  /** Appends one record of {@code textSha256} and {@code vector} with its CRC32 to {@code out}. */
  static void put(ByteBuffer out, String textSha256, float[] vector) {
    int start = out.position();
    out.put(HexFormat.of().parseHex(textSha256));
    for (float v : vector) {
      out.putFloat(v);
    }
    CRC32 crc = new CRC32();
    crc.update(out.array(), start, out.position() - start);
    out.putInt((int) crc.getValue());
  }
}
