/** Learning experiments: simulated users record feedback through the public API. */
package dev.relearn.eval.learning;
