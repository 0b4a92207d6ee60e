export {
  useScreenQuery,
  useSetScreenQuery,
  addressQuery,
  replaceAddressQuery,
} from './useScreenQuery';
