export { captureCheckPosition, type GeolocationLike } from './geolocation';
export { checkIn, checkOut, type CheckRefusal, type CheckRequest, type CheckResult } from './check';
export { runAutoCheckouts, startAutoCheckoutLoop, type AutoCheckoutLoopOptions } from './auto-checkout';
export { checkRefusalMessage } from './messages';
export { correctCheckTime, type CorrectionRequest, type CorrectionResult } from './correct';
export { readPeriodLogs } from './period-logs';
