package dev.relearn.lucene.schema;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * What an index was built with, kept in Lucene's commit user data so that opening it with another
 * embedding model fails clearly instead of returning meaningless vector scores.
 *
 * @param modelId the embedder's {@code modelId()}
 * @param dimension the vector dimension
 * @param schemaVersion {@link ChunkSchema#VERSION} at build time
 * @param vectorEncoding how the vector graph holds its vectors; an index that records none
 *     (built before encodings were recorded) holds {@link VectorEncoding#FLOAT32}
 */
public record IndexMetadata(String modelId, int dimension, int schemaVersion,
    VectorEncoding vectorEncoding) {
  static final String MODEL_KEY = "relearn.model";
  static final String DIMENSION_KEY = "relearn.dimension";
  static final String SCHEMA_KEY = "relearn.schema";
  static final String ENCODING_KEY = "relearn.vectorEncoding";

  /** Validates the fields; the message names the bad value. */
  public IndexMetadata {
    Objects.requireNonNull(modelId, "modelId");
    if (modelId.isBlank()) {
      throw new IllegalArgumentException("modelId must not be blank");
    }
    if (dimension < 1 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got: " + dimension);
    }
    if (schemaVersion < 1) {
      throw new IllegalArgumentException("schemaVersion must be >= 1, got: " + schemaVersion);
    }
    Objects.requireNonNull(vectorEncoding, "vectorEncoding");
  }

  /** The metadata of an index of float vectors, as every index was before encodings. */
  public IndexMetadata(String modelId, int dimension, int schemaVersion) {
    this(modelId, dimension, schemaVersion, VectorEncoding.FLOAT32);
  }

  /** The commit user data entries for this metadata. */
  public Map<String, String> toUserData() {
    return Map.of(MODEL_KEY, modelId, DIMENSION_KEY, Integer.toString(dimension),
        SCHEMA_KEY, Integer.toString(schemaVersion), ENCODING_KEY, vectorEncoding.label());
  }

  /**
   * Reads metadata from commit user data.
   *
   * @return null when the commit carries no relearn metadata (an empty or foreign index)
   * @throws IllegalArgumentException when the entries are present but malformed
   */
  public static IndexMetadata fromUserData(Map<String, String> userData) {
    String model = userData.get(MODEL_KEY);
    if (model == null) {
      return null;
    }
    String encoding = userData.get(ENCODING_KEY);
    try {
      return new IndexMetadata(model, Integer.parseInt(userData.get(DIMENSION_KEY)),
          Integer.parseInt(userData.get(SCHEMA_KEY)), encoding == null ? VectorEncoding.FLOAT32
              : VectorEncoding.fromLabel(encoding));
    } catch (IllegalArgumentException e) { // NumberFormatException included
      throw new IllegalArgumentException(
          "corrupt relearn metadata in index commit: " + userData, e);
    }
  }

  /**
   * Reads the metadata of the last commit in {@code directory}.
   *
   * @return null when there is no index, or its last commit has no relearn metadata
   * @throws IOException naming the Lucene version that wrote the index and those this one reads
   *     when its format is too old or unknown
   */
  public static IndexMetadata read(Directory directory) throws IOException {
    if (!DirectoryReader.indexExists(directory)) {
      return null;
    }
    try {
      return fromUserData(SegmentInfos.readLatestCommit(directory).getUserData());
    } catch (IndexFormatTooOldException | IndexFormatTooNewException e) {
      throw UnreadableIndex.explain(directory, e);
    }
  }

  /**
   * Checks that an index built with this metadata can be used with {@code wanted}: the same model,
   * dimension and schema. The vector encoding may differ: the index keeps its own.
   *
   * @param where the index location, for the message
   * @throws IllegalStateException naming both models and what to do
   */
  public void requireCompatible(IndexMetadata wanted, String where) {
    if (!modelId.equals(wanted.modelId) || dimension != wanted.dimension) {
      throw new IllegalStateException("index " + where + " was built with embedding model '"
          + modelId + "' (" + dimension + " dims), but this run uses '" + wanted.modelId + "' ("
          + wanted.dimension + " dims). Open it with that model (relearn's --model auto picks it), or"
          + " index into a new directory.");
    }
    if (schemaVersion != wanted.schemaVersion) {
      throw new IllegalStateException("index " + where + " has relearn schema version "
          + schemaVersion + "; this version of relearn reads version " + wanted.schemaVersion
          + ". Re-index into a new directory.");
    }
  }
}
