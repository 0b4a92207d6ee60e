// Validates the OpenAPI document given on stdin with @apidevtools/swagger-parser, in a plain Node
// process: its ref parser is an ES module that Node requires natively but jest's CommonJS
// loader cannot. Prints the validator's complaint and exits 1 when the document is invalid.
const SwaggerParser = require('@apidevtools/swagger-parser');

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  SwaggerParser.validate(JSON.parse(input)).then(
    () => process.stdout.write('valid\n'),
    (error) => {
      process.stdout.write(`${error.message}\n`);
      process.exitCode = 1;
    },
  );
});
