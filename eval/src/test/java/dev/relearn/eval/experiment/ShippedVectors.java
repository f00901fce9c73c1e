package dev.relearn.eval.experiment;

import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The document vectors the repository ships for its quality tests ({@code src/test/
 * vector-cache}, see its README.md), as an embedder that answers a document text it holds
 * without the model: a test-only cache. The file is a header (magic "RLVC", dimension, model id)
 * and little-endian records of the text's SHA-256, the vector and a CRC32 of both.
 */
public final class ShippedVectors extends ForwardingEmbedder {
  /** The file the repository ships, relative to the eval module. */
  public static final Path FILE =
      Path.of("src", "test", "vector-cache", "bge-small-en-v1.5-q.vectors");

  private static final int MAGIC = 0x524c5643;
  private static final int HASH_BYTES = 32;

  private final Map<String, float[]> vectors;

  private ShippedVectors(Embedder model, Map<String, float[]> vectors) {
    super(model);
    this.vectors = vectors;
  }

  /**
   * {@code model}, answering documents from {@code file}.
   *
   * @throws IllegalArgumentException if the file is of another model or damaged
   */
  public static ShippedVectors over(Embedder model, Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    int magic = bytes.getInt();
    int dimension = bytes.getInt();
    byte[] id = new byte[bytes.getInt()];
    bytes.get(id);
    String modelId = new String(id, StandardCharsets.UTF_8);
    if (magic != MAGIC || !modelId.equals(model.modelId()) || dimension != model.dimension()) {
      throw new IllegalArgumentException(file + " holds vectors of '" + modelId + "' ("
          + dimension + " dims), not of '" + model.modelId() + "'");
    }
    Map<String, float[]> vectors = new HashMap<>();
    int recordBytes = HASH_BYTES + 4 * dimension + 4;
    while (bytes.remaining() >= recordBytes) {
      int start = bytes.position();
      String hash = HexFormat.of().formatHex(bytes.array(), start, start + HASH_BYTES);
      bytes.position(start + HASH_BYTES);
      float[] vector = new float[dimension];
      for (int i = 0; i < dimension; i++) {
        vector[i] = bytes.getFloat();
      }
      CRC32 crc = new CRC32();
      crc.update(bytes.array(), start, recordBytes - 4);
      if ((int) crc.getValue() != bytes.getInt()) {
        throw new IllegalArgumentException(file + ": damaged record at byte " + start);
      }
      vectors.put(hash, vector);
    }
    return new ShippedVectors(model, vectors);
  }

  /** How many document vectors the file holds. */
  public int size() {
    return vectors.size();
  }

  @Override
  public float[] embedDocument(String text) {
    float[] shipped = vectors.get(Chunk.sha256Hex(text));
    return shipped != null ? shipped.clone() : super.embedDocument(text);
  }
}
