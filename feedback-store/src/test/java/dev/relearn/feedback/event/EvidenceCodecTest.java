package dev.relearn.feedback.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class EvidenceCodecTest {
  @Test
  void evidenceRoundTrips() {
    Random random = new Random(5);
    for (int trial = 0; trial < 20; trial++) {
      Map<String, ChunkEvidence> chunks = new LinkedHashMap<>();
      for (int c = 0; c < random.nextInt(6); c++) {
        chunks.put("doc#" + random.nextInt(1000) + "/é", new ChunkEvidence(random.nextDouble(),
            random.nextDouble(), random.nextDouble() * 3, random.nextDouble()));
      }
      byte[] bytes = EvidenceCodec.encodeChunks(chunks);
      BytesRef shifted = new BytesRef(new byte[bytes.length + 7], 3, bytes.length);
      System.arraycopy(bytes, 0, shifted.bytes, 3, bytes.length);
      assertEquals(chunks, EvidenceCodec.decodeChunks(shifted));
    }
  }

  @Test
  void damageFailsLoudly() {
    byte[] bytes = EvidenceCodec.encodeChunks(Map.of("a", new ChunkEvidence(1, 1, 0, 0)));
    BytesRef cut = new BytesRef(Arrays.copyOf(bytes, bytes.length - 2));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> EvidenceCodec.decodeChunks(cut))
        .getMessage().startsWith("damaged evidence of " + (bytes.length - 2) + " bytes"));
    BytesRef longer = new BytesRef(Arrays.copyOf(bytes, bytes.length + 1));
    assertThrows(IllegalArgumentException.class, () -> EvidenceCodec.decodeChunks(longer));
    bytes[0] = 7;
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> EvidenceCodec.decodeChunks(new BytesRef(bytes))).getMessage().contains("version 7"));
  }
}
