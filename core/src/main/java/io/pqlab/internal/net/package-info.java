/**
 * Reading over a network: plans become requests. {@link io.pqlab.internal.net.ReadSession} reads a file
 * from any {@link io.pqlab.io.ByteSource} in three phases (footer, indexes, data) with a
 * {@link io.pqlab.internal.net.Strategy} (suffix read or HEAD + trailer + footer, index bytes only for row
 * groups the statistics leave undecided, data spans merged across small gaps, several requests in
 * flight), never fetching a byte twice ({@link io.pqlab.internal.net.FetchingSource}); it records every
 * request ({@link io.pqlab.internal.net.RequestLog}) and models what the same requests would cost on
 * another network ({@link io.pqlab.internal.net.CostModel}): latency per request plus bytes over
 * bandwidth, phases one after another.
 */
package io.pqlab.internal.net;
