package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.util.BytesRef;

/**
 * The compact binary form of per-chunk evidence, kept in one stored field per event of the events
 * index: a version byte, then entries of chunk id (modified UTF-8) and the four counts as doubles.
 * Decoding fails loudly on damage.
 */
public final class EvidenceCodec {
  private static final byte VERSION = 1;

  private EvidenceCodec() {}

  /** Encodes evidence per chunk id. */
  public static byte[] encodeChunks(Map<String, ChunkEvidence> chunks) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + 48 * chunks.size());
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeInt(chunks.size());
      for (Map.Entry<String, ChunkEvidence> entry : chunks.entrySet()) {
        ChunkEvidence value = entry.getValue();
        out.writeUTF(entry.getKey());
        out.writeDouble(value.examinations());
        out.writeDouble(value.clicks());
        out.writeDouble(value.successes());
        out.writeDouble(value.failures());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return bytes.toByteArray();
  }

  /** Decodes {@link #encodeChunks}; IllegalArgumentException if damaged or of a newer version. */
  public static Map<String, ChunkEvidence> decodeChunks(BytesRef bytes) {
    try {
      if (bytes == null) {
        throw new IOException("the evidence field is missing");
      }
      DataInputStream in = new DataInputStream(
          new ByteArrayInputStream(bytes.bytes, bytes.offset, bytes.length));
      byte version = in.readByte();
      if (version != VERSION) {
        throw new IOException("unknown evidence format version " + version);
      }
      int count = in.readInt();
      if (count < 0) {
        throw new IOException("negative chunk count " + count);
      }
      Map<String, ChunkEvidence> chunks = new LinkedHashMap<>();
      for (int i = 0; i < count; i++) {
        String chunkId = in.readUTF();
        chunks.put(chunkId, new ChunkEvidence(in.readDouble(), in.readDouble(), in.readDouble(),
            in.readDouble()));
      }
      if (in.available() != 0) {
        throw new IOException(in.available() + " unexpected bytes after the evidence");
      }
      return chunks;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("damaged evidence of "
          + (bytes == null ? 0 : bytes.length) + " bytes: " + e.getMessage(), e);
    }
  }
}
