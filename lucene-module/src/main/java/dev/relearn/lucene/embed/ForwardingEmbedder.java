package dev.relearn.lucene.embed;

import java.util.List;
import java.util.Objects;

/**
 * An embedder that forwards every call to another one; subclasses override what they change
 * (caching, instrumentation, fault injection in tests).
 */
public abstract class ForwardingEmbedder implements Embedder {
  private final Embedder delegate;

  /** Forwards to {@code delegate}. */
  protected ForwardingEmbedder(Embedder delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The embedder calls are forwarded to. */
  protected Embedder delegate() {
    return delegate;
  }

  @Override
  public String modelId() {
    return delegate.modelId();
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  @Override
  public float[] embedQuery(String query) {
    return delegate.embedQuery(query);
  }

  @Override
  public float[] embedDocument(String text) {
    return delegate.embedDocument(text);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    return delegate.embedDocuments(texts);
  }

  @Override
  public TokenCounter documentTokens() {
    return delegate.documentTokens();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
