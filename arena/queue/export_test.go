package queue

// NATSServerConfig is natsServerConfig, for the tests that start arena and
// a nats-server.
var NATSServerConfig = natsServerConfig
