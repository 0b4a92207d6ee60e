// Async boundary: federation settles the shared singletons before any React code runs.
import('./bootstrap');
