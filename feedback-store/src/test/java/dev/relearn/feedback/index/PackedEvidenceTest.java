package dev.relearn.feedback.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PackedEvidenceTest {
  @Test
  void unpacksBitForBitWhatWasPackedAndSumsInTheSameOrder() {
    Random random = new Random(11);
    for (int round = 0; round < 200; round++) {
      SortedMap<String, SortedMap<String, ChunkEvidence>> evidence = new TreeMap<>();
      int sessions = 1 + random.nextInt(4);
      for (int s = 0; s < sessions; s++) {
        SortedMap<String, ChunkEvidence> chunks = new TreeMap<>();
        for (int c = 0; c < 1 + random.nextInt(12); c++) {
          chunks.put("c" + random.nextInt(20), new ChunkEvidence(value(random), value(random),
              value(random), value(random)));
        }
        evidence.put("s" + s, chunks);
      }
      PackedEvidence packed = PackedEvidence.of(evidence);
      assertEquals(evidence, packed.unpacked());
      SortedMap<String, ChunkEvidence> summed = new TreeMap<>();
      evidence.values().forEach(chunks -> chunks.forEach((id, value) ->
          summed.merge(id, value, ChunkEvidence::plus)));
      assertEquals(summed, packed.summed());
      assertEquals(packed, PackedEvidence.of(evidence));
    }
  }

  @Test
  void aNegativeZeroStaysNegativeAndNothingPacksToNone() {
    SortedMap<String, SortedMap<String, ChunkEvidence>> evidence = new TreeMap<>(Map.of("s",
        new TreeMap<>(Map.of("c", new ChunkEvidence(1, -0.0, 0, 0)))));
    PackedEvidence packed = PackedEvidence.of(evidence);
    assertEquals(evidence, packed.unpacked());
    assertNotEquals(packed, PackedEvidence.of(new TreeMap<>(Map.of("s",
        new TreeMap<>(Map.of("c", new ChunkEvidence(1, 0, 0, 0)))))));
    assertTrue(PackedEvidence.of(new TreeMap<>()).isEmpty());
  }

  private static double value(Random random) {
    return random.nextInt(3) == 0 ? 0 : random.nextDouble() * 5;
  }
}
