/**
 * The HTTP JSON API and the feedback dashboard ({@code relearn serve}): the JDK's own {@code
 * com.sun.net.httpserver}, a virtual thread per request, bound to 127.0.0.1 by default. {@link
 * dev.relearn.server.http.HttpApiServer} starts it on an open engine; every endpoint is a thin
 * layer over the engine's public API. Bodies are JSON, limited in size and nesting; bad input
 * gets a JSON error with a 4xx status. Query text is never logged. See docs/HTTP.md.
 */
package dev.relearn.server.http;
