package dev.relearn.lucene.schema;

import java.util.Arrays;
import java.util.Locale;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.util.quantization.QuantizedByteVectorValues.ScalarEncoding;

/**
 * How the HNSW graph of {@link ChunkSchema#VECTOR} holds its vectors: Lucene's float format, or
 * one of its scalar-quantised formats, which search the quantised vectors (8, 4 or 1 bit per
 * dimension) and keep the raw floats on disk beside them, so that reading a vector back still
 * gives the floats the model produced. An index records its encoding in {@link IndexMetadata}.
 */
public enum VectorEncoding {
  /** 32-bit floats: 1,536 hot bytes per 384-dimension vector. */
  FLOAT32("float32", null),
  /** 8 bits per dimension: 400 hot bytes per 384-dimension vector. */
  INT8("int8", ScalarEncoding.UNSIGNED_BYTE),
  /** 4 bits per dimension: 208 hot bytes per 384-dimension vector. */
  INT4("int4", ScalarEncoding.PACKED_NIBBLE),
  /** 1 bit per dimension, queried at 4 bits: 64 hot bytes per 384-dimension vector. */
  BIT1("1bit", ScalarEncoding.SINGLE_BIT_QUERY_NIBBLE);

  private final String label;
  private final ScalarEncoding quantised;

  VectorEncoding(String label, ScalarEncoding quantised) {
    this.label = label;
    this.quantised = quantised;
  }

  /** The name in configuration and in the index's commit data: {@code int8}. */
  public String label() {
    return label;
  }

  /**
   * The codec of a chunk index with this encoding: Lucene's default codec, whose format for
   * {@link ChunkSchema#VECTOR} is the quantised one (with Lucene's default graph parameters).
   * Readers need no codec: each segment names the format it was written with.
   */
  public Codec codec() {
    if (quantised == null) {
      return Codec.getDefault();
    }
    KnnVectorsFormat format = new Lucene104HnswScalarQuantizedVectorsFormat(quantised,
        Lucene99HnswVectorsFormat.DEFAULT_MAX_CONN, Lucene99HnswVectorsFormat.DEFAULT_BEAM_WIDTH);
    return new Lucene104Codec() {
      @Override
      public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
        return ChunkSchema.VECTOR.equals(field) ? format : super.getKnnVectorsFormatForField(field);
      }
    };
  }

  /**
   * The encoding labelled {@code label}.
   *
   * @throws IllegalArgumentException naming the value and the known labels
   */
  public static VectorEncoding fromLabel(String label) {
    for (VectorEncoding encoding : values()) {
      if (encoding.label.equals(label == null ? null : label.strip().toLowerCase(Locale.ROOT))) {
        return encoding;
      }
    }
    throw new IllegalArgumentException("unknown vector encoding: '" + label + "'; expected one of "
        + String.join(", ", Arrays.stream(values()).map(VectorEncoding::label).toList()));
  }

  @Override
  public String toString() {
    return label;
  }
}
