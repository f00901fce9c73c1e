package dev.relearn.feedback.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class FeedbackFieldsTest {
  @Test
  void vectorsRoundTripThroughTheirStoredBytes() {
    float[] v = Fixtures.randomUnit(new Random(9), 33);
    assertArrayEquals(v, FeedbackFields.vector(new BytesRef(FeedbackFields.vectorBytes(v))));
    assertThrows(IllegalStateException.class, () -> FeedbackFields.vector(new BytesRef(
        new byte[5])));
  }
}
