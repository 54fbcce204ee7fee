export {
  deliverEvent,
  eventsOfType,
  loadEvent,
  recordEvent,
  recordEventStatements,
  recordEvents,
  relayEvent,
  type Subscriber,
} from './event-log.js';
