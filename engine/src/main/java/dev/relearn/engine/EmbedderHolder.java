package dev.relearn.engine;

import dev.relearn.indexer.embed.BgeSmallEmbedder;
import dev.relearn.indexer.embed.BgeSmallTokens;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.QueryCachingEmbedder;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.VectorEncoding;
import java.util.List;

/**
 * Resolves which embedder an engine uses and creates it on first use, because loading the ONNX
 * model costs about a second that commands such as {@code stats} should not pay.
 */
final class EmbedderHolder implements AutoCloseable {
  private final IndexMetadata metadata;
  private final RelearnOptions options;
  private final ModelChoice choice;
  private QueryCachingEmbedder embedder;
  private BgeSmallTokens tokens;

  private EmbedderHolder(IndexMetadata metadata, RelearnOptions options, ModelChoice choice) {
    this.metadata = metadata;
    this.options = options;
    this.choice = choice;
  }

  /**
   * Picks the embedder for the index at {@code where}, built with {@code existing} (null if new)
   * and {@code encoding}; an {@link IllegalStateException} if relearn cannot provide its model,
   * or the options ask for another.
   */
  static EmbedderHolder resolve(IndexMetadata existing, RelearnOptions options, String where,
      VectorEncoding encoding) {
    ModelChoice choice = options.embedder() != null ? null : options.model();
    if (choice == ModelChoice.AUTO) {
      choice = existing == null
          ? ModelChoice.BGE_SMALL : ModelChoice.forModelId(existing.modelId());
      if (choice == null) {
        throw new IllegalStateException("index " + where + " was built with embedding model '"
            + existing.modelId() + "', which is not built in; open it with that embedder");
      }
    }
    IndexMetadata metadata = choice == null
        ? new IndexMetadata(options.embedder().modelId(), options.embedder().dimension(),
            ChunkSchema.VERSION, encoding)
        : new IndexMetadata(choice.modelId(), choice == ModelChoice.HASHING
            ? HashingEmbedder.DIMENSION : BgeSmallEmbedder.DIMENSION, ChunkSchema.VERSION, encoding);
    if (existing != null) {
      existing.requireCompatible(metadata, where);
    }
    return new EmbedderHolder(metadata, options, choice);
  }

  /** The model id, dimension, schema version and vector encoding this engine writes. */
  IndexMetadata metadata() {
    return metadata;
  }

  /** The embedder, created on first call. */
  synchronized Embedder get() {
    if (embedder == null) {
      Embedder base = switch (choice == null ? ModelChoice.AUTO : choice) {
        case AUTO -> options.embedder();
        case BGE_SMALL -> new BgeSmallEmbedder(options.embedThreads(), options.queryInstruction());
        case HASHING -> new HashingEmbedder();
      };
      embedder = new QueryCachingEmbedder(base, options.queryCacheSize());
    }
    return embedder;
  }

  /** Counts tokens as the model reads a document, without creating the model. */
  synchronized TokenCounter documentTokens() {
    if (choice == null) {
      return options.embedder().documentTokens();
    }
    if (choice != ModelChoice.BGE_SMALL) {
      return TokenCounter.UNLIMITED;
    }
    if (tokens == null) {
      tokens = new BgeSmallTokens();
    }
    return tokens;
  }

  /**
   * An embedder that creates the model only when a text has to be embedded (an index call whose
   * chunks are all unchanged does not load it); closing it leaves the model to the holder.
   */
  Embedder onDemand() {
    return new OnDemand(this);
  }

  /** Whether the model has been created. */
  synchronized boolean loaded() {
    return embedder != null;
  }

  /** See {@link #onDemand}. */
  private record OnDemand(EmbedderHolder holder) implements Embedder {
    @Override
    public String modelId() {
      return holder.metadata().modelId();
    }

    @Override
    public int dimension() {
      return holder.metadata().dimension();
    }

    @Override
    public float[] embedQuery(String query) {
      return holder.get().embedQuery(query);
    }

    @Override
    public float[] embedDocument(String text) {
      return holder.get().embedDocument(text);
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      return holder.get().embedDocuments(texts);
    }

    @Override
    public TokenCounter documentTokens() {
      return holder.documentTokens();
    }
  }

  /** The query's vector from the model (or its cache), checked to be a unit vector. */
  float[] queryVector(String text) {
    Embedder model = get();
    return VectorChecks.requireUnitVector(model.embedQuery(text), model.dimension(),
        model.modelId());
  }

  @Override
  public synchronized void close() {
    if (tokens != null) {
      tokens.close();
    }
    if (embedder != null && choice != null) {
      embedder.close(); // a caller-supplied embedder stays open: the caller owns it
    }
  }
}
