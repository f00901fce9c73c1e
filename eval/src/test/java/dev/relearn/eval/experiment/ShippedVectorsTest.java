package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.indexer.embed.BgeSmallEmbedder;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test-only reader of the shipped document vectors answers what the file holds, only. */
class ShippedVectorsTest {
  @TempDir Path tmp;

  /** Hashing vectors under bge-small's name, so that no model is loaded. */
  private static Embedder namedBge() {
    return new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public String modelId() {
        return BgeSmallEmbedder.MODEL_ID;
      }
    };
  }

  @Test
  void theShippedFileHoldsEveryDocumentOfTheQualityTests() throws Exception {
    try (ShippedVectors shipped = ShippedVectors.over(namedBge(), ShippedVectors.FILE)) {
      assertEquals(9_238 + 1_095, shipped.size(),
          "the documents of SciFact, NFCorpus and ToolLens, and the identifier test's chunks");
    }
  }

  @Test
  void aTextOnFileIsAnsweredFromItAndAnyOtherByTheModel() throws Exception {
    float[] onFile = new float[HashingEmbedder.DIMENSION];
    onFile[3] = 1f;
    Path file = tmp.resolve("v.vectors");
    byte[] id = BgeSmallEmbedder.MODEL_ID.getBytes(StandardCharsets.UTF_8);
    int record = 32 + 4 * onFile.length + 4;
    ByteBuffer out = ByteBuffer.allocate(12 + id.length + record).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(0x524c5643).putInt(onFile.length).putInt(id.length).put(id);
    int start = out.position();
    out.put(HexFormat.of().parseHex(dev.relearn.lucene.schema.Chunk.sha256Hex("known text")));
    for (float v : onFile) {
      out.putFloat(v);
    }
    CRC32 crc = new CRC32();
    crc.update(out.array(), start, record - 4);
    out.putInt((int) crc.getValue());
    Files.write(file, out.array());
    try (ShippedVectors shipped = ShippedVectors.over(namedBge(), file)) {
      assertArrayEquals(onFile, shipped.embedDocument("known text"));
      assertArrayEquals(new HashingEmbedder().embedDocument("other text"),
          shipped.embedDocument("other text"));
    }
    assertThrows(IllegalArgumentException.class,
        () -> ShippedVectors.over(new HashingEmbedder(), file), "another model's file");
  }
}
