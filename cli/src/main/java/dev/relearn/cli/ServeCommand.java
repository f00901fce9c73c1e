package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.server.http.HttpApiConfig;
import dev.relearn.server.http.HttpApiServer;
import dev.relearn.server.text.ErrorQuotes;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code relearn serve}: the HTTP JSON API and the dashboard, until interrupted. */
@Command(name = "serve",
    footer = {
      "  relearn serve",
      "  relearn serve --port 8080 --index /tmp/notes-index",
      "  relearn serve --host 0.0.0.0 --port 0"},
    description = {"Serve the HTTP JSON API and the feedback dashboard (docs/HTTP.md).",
        "Binds 127.0.0.1 unless --host says otherwise; prints the URL on stderr; Ctrl-C stops.",
        "When another process holds the index, it serves it read-only: searches work, feedback"
            + " answers 409. Query text is never logged."})
final class ServeCommand extends CliCommand {
  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;

  @Option(names = "--host", paramLabel = "HOST", defaultValue = HttpApiConfig.DEFAULT_HOST,
      description = "Address to bind (default: ${DEFAULT-VALUE}; 0.0.0.0 serves every"
          + " interface, without authentication).")
  String host;

  @Option(names = "--port", paramLabel = "P", defaultValue = "" + HttpApiConfig.DEFAULT_PORT,
      description = "Port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
  int port;

  @Option(names = "--max-body", paramLabel = "BYTES",
      defaultValue = "" + HttpApiConfig.DEFAULT_MAX_BODY,
      description = "Largest request body accepted, in bytes (default: ${DEFAULT-VALUE}).")
  int maxBody;

  @Option(names = "--http-threads", paramLabel = "N",
      defaultValue = "" + HttpApiConfig.DEFAULT_THREADS,
      description = "Requests doing engine work at once; each request has its own"
          + " virtual thread (default: ${DEFAULT-VALUE}).")
  int httpThreads;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    require(httpThreads >= 1, "--http-threads must be at least 1, got: " + httpThreads);
    require(maxBody >= 1, "--max-body must be at least 1 byte, got: " + maxBody);
    HttpApiConfig config = check(() -> HttpApiConfig.defaults()
        .withAddress(host, port).withMaxBodyBytes(maxBody).withThreads(httpThreads));
    try {
      InetAddress.getByName(host); // before the index and the model load
    } catch (UnknownHostException e) {
      require(false, "--host cannot be resolved: '" + ErrorQuotes.quote(host) + "' ("
          + e.getMessage() + ")");
    }
    Relearn relearn = engine.openPreferWritable("serving it read-only: feedback is off", true);
    HttpApiServer server;
    try {
      server = HttpApiServer.start(relearn, config, System.err);
    } catch (IOException | RuntimeException e) {
      relearn.close();
      throw e instanceof BindException bind ? new IllegalStateException(bindFailure(bind), e) : e;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    return StopSignals.serve(err, "relearn-serve-stop", () -> {
      try {
        server.close();
        relearn.close();
        err.println("relearn: stopped");
      } catch (IOException | RuntimeException e) {
        err.println("relearn: error while stopping: " + Errors.sentence(e));
      } finally {
        err.flush();
        stopped.countDown();
      }
    }, () -> {
      err.println("relearn: serving " + relearn.directory() + (relearn.readOnly()
          ? " read-only" : "") + " at " + server.uri() + " (dashboard at /, API under /api;"
          + " Ctrl-C stops)");
      err.flush();
      stopped.await();
    });
  }

  private String bindFailure(BindException e) {
    String reason = e.getMessage() == null ? "" : e.getMessage();
    if (reason.toLowerCase(java.util.Locale.ROOT).contains("in use")) {
      return "port " + port + " is already in use on " + host + "; choose another with --port";
    }
    return "cannot listen on " + host + ":" + port + (reason.isEmpty() ? "" : ": " + reason)
        + "; check --host and --port";
  }
}
