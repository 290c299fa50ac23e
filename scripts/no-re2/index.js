// See package.json: superstatic catches this and falls back to RegExp.
throw new Error('re2 is not installed in this project');
