package dev.relearn.engine;

import dev.relearn.indexer.embed.BgeSmallEmbedder;
import dev.relearn.indexer.embed.HashingEmbedder;
import java.util.Locale;
import java.util.Objects;

/** Which built-in embedder an engine uses. */
public enum ModelChoice {
  /** The index's recorded model, or bge-small for a new index. */
  AUTO(null),
  /** In-process bge-small-en-v1.5 (quantised ONNX): the default and the quality choice. */
  BGE_SMALL(BgeSmallEmbedder.MODEL_ID),
  /** Feature hashing: no model, instant, much lower quality. For tiny machines and tests. */
  HASHING(HashingEmbedder.MODEL_ID);

  private final String modelId;

  ModelChoice(String modelId) {
    this.modelId = modelId;
  }

  /** The model id this choice records in an index, or null for {@link #AUTO}. */
  public String modelId() {
    return modelId;
  }

  /** The name used on the command line: {@code auto}, {@code bge-small}, {@code hashing}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Parses a label or a model id.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static ModelChoice fromLabel(String label) {
    Objects.requireNonNull(label, "model");
    for (ModelChoice choice : values()) {
      if (choice.label().equalsIgnoreCase(label) || label.equals(choice.modelId)) {
        return choice;
      }
    }
    throw new IllegalArgumentException(
        "unknown model: '" + label + "'; expected one of auto, bge-small, hashing");
  }

  /** The choice whose model id is {@code modelId}, or null if none is built in. */
  static ModelChoice forModelId(String modelId) {
    for (ModelChoice choice : values()) {
      if (modelId.equals(choice.modelId)) {
        return choice;
      }
    }
    return null;
  }
}
