// textureCube with and without bias (the sim harness samples 2D only, so
// this one is checked as IR and by the interpreter tests).
precision mediump float;
uniform samplerCube env;
varying vec3 dir;
void main() {
	gl_FragColor = textureCube(env, dir) * textureCube(env, -dir, 1.0);
}
