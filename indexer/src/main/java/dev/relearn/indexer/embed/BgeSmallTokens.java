package dev.relearn.indexer.embed;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import ai.djl.huggingface.tokenizers.jni.TokenizersLibrary;
import dev.relearn.lucene.embed.TokenCounter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongToIntFunction;

/**
 * bge-small's own word-piece tokenizer as a {@link TokenCounter}: the tokens of a document with
 * {@code [CLS]} and {@code [SEP]}, against the model's limit of 512. It loads only the tokenizer
 * (milliseconds), not the model, so chunking does not pay for the ONNX session. Thread-safe;
 * {@link #close} waits for counts in flight, and a count asked for after it fails with an {@link
 * IllegalStateException}.
 */
public final class BgeSmallTokens implements TokenCounter, AutoCloseable {
  /** The most tokens bge-small reads, special tokens included. */
  public static final int MAX_TOKENS = 512;

  private final HuggingFaceTokenizer tokenizer;
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed; // guarded by lifecycle

  /** Loads the tokenizer, without truncation, from the model's artifact on the class path. */
  public BgeSmallTokens() {
    try (InputStream json = BgeSmallEmbedder.resource(BgeSmallEmbedder.TOKENIZER_RESOURCE)) {
      this.tokenizer = HuggingFaceTokenizer.newInstance(json,
          Map.of("truncation", "false", "padding", "false"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot load the bge-small tokenizer from the classpath", e);
    }
  }

  @Override
  public int limit() {
    return MAX_TOKENS;
  }

  @Override
  public int count(String document) {
    return encoded(document, handle -> TokenizersLibrary.LIB.getSpecialTokenMask(handle).length);
  }

  @Override
  public int fittingLength(String document, int tokens) {
    return encoded(document, handle -> {
      long[] special = TokenizersLibrary.LIB.getSpecialTokenMask(handle);
      if (special.length <= tokens) {
        return document.length();
      }
      int room = tokens;
      for (long mask : special) {
        room -= (int) mask; // [CLS] and [SEP] take their places first
      }
      CharSpan[] spans = TokenizersLibrary.LIB.getTokenCharSpans(handle);
      for (int i = 0; i < special.length; i++) {
        if (special[i] == 0 && room-- == 0) {
          // the tokenizer counts code points; Java strings count UTF-16 units
          return document.offsetByCodePoints(0, spans[i].getStart());
        }
      }
      return 0; // not even the special tokens fit
    });
  }

  /**
   * Applies {@code reading} to the handle of the encoding of {@code document} in the tokenizer's
   * native memory, valid while it runs. It calls the tokenizer's native library directly and
   * fetches only what it reads: {@link HuggingFaceTokenizer#encode} copies every token's text and
   * span into Java, which made counting three times slower.
   */
  private int encoded(String document, LongToIntFunction reading) {
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException("the bge-small tokenizer is closed");
      }
      long handle = TokenizersLibrary.LIB.encode(tokenizer.getHandle(), document, true);
      try {
        return reading.applyAsInt(handle);
      } finally {
        TokenizersLibrary.LIB.deleteEncoding(handle);
      }
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  @Override
  public void close() {
    lifecycle.writeLock().lock();
    try {
      if (!closed) {
        closed = true;
        tokenizer.close();
      }
    } finally {
      lifecycle.writeLock().unlock();
    }
  }
}
