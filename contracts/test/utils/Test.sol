// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The subset of Foundry's cheatcodes these tests use. The cheatcode contract lives at
/// address(uint160(uint256(keccak256("hevm cheat code")))). Signatures follow Foundry's `Vm`.
/// We keep our own copy instead of forge-std (no git submodules; the npm forge-std is an old
/// fork that needs ds-test).
interface Vm {
    // Environment
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function deal(address account, uint256 newBalance) external;
    function label(address account, string calldata newLabel) external;
    function assume(bool condition) external pure;

    // Callers
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;

    // Expectations
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectPartialRevert(bytes4 revertData) external;
    function expectEmit() external;
    function expectEmit(address emitter) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;

    // Keys and signatures
    function addr(uint256 privateKey) external pure returns (address keyAddr);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);

    // Assertions (the cheatcode fails the test with "<error>: <left> != <right>")
    function assertTrue(bool condition, string calldata error) external pure;
    function assertFalse(bool condition, string calldata error) external pure;
    function assertEq(bool left, bool right, string calldata error) external pure;
    function assertEq(uint256 left, uint256 right, string calldata error) external pure;
    function assertEq(int256 left, int256 right, string calldata error) external pure;
    function assertEq(address left, address right, string calldata error) external pure;
    function assertEq(bytes32 left, bytes32 right, string calldata error) external pure;
    function assertEq(string calldata left, string calldata right, string calldata error) external pure;
    function assertEq(bytes calldata left, bytes calldata right, string calldata error) external pure;
    function assertNotEq(uint256 left, uint256 right, string calldata error) external pure;
    function assertNotEq(address left, address right, string calldata error) external pure;
    function assertGt(uint256 left, uint256 right, string calldata error) external pure;
    function assertGe(uint256 left, uint256 right, string calldata error) external pure;
    function assertLt(uint256 left, uint256 right, string calldata error) external pure;
    function assertLe(uint256 left, uint256 right, string calldata error) external pure;
}

/// @notice Minimal test base: the cheatcode handle, assertions that always carry a message,
/// `bound` for fuzz inputs and a couple of address helpers.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    uint256 private constant UINT256_MAX = type(uint256).max;

    // ---------------------------------------------------------------- assertions

    function assertTrue(bool condition, string memory err) internal pure {
        vm.assertTrue(condition, err);
    }

    function assertFalse(bool condition, string memory err) internal pure {
        vm.assertFalse(condition, err);
    }

    function assertEq(bool left, bool right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(int256 left, int256 right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(address left, address right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(bytes32 left, bytes32 right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(string memory left, string memory right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertEq(bytes memory left, bytes memory right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    function assertNotEq(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertNotEq(left, right, err);
    }

    function assertNotEq(address left, address right, string memory err) internal pure {
        vm.assertNotEq(left, right, err);
    }

    function assertGt(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertGt(left, right, err);
    }

    function assertGe(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertGe(left, right, err);
    }

    function assertLt(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertLt(left, right, err);
    }

    function assertLe(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertLe(left, right, err);
    }

    // ---------------------------------------------------------------- fuzz helpers

    /// @notice Maps any `x` into the inclusive range [min, max] without discarding runs.
    /// Values already in range are returned unchanged (so the fuzzer's dictionary values survive),
    /// and the four smallest / largest uint256 values map to the range's edges so edges get hit.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: max is less than min");
        if (x >= min && x <= max) return x;

        // min == 0 && max == UINT256_MAX is handled above (every x is in range), so no overflow.
        uint256 size = max - min + 1;
        if (x <= 3 && x < size) return min + x;
        if (x >= UINT256_MAX - 3 && UINT256_MAX - x < size) return max - (UINT256_MAX - x);

        if (x > max) {
            uint256 offset = (x - max) % size;
            return offset == 0 ? max : min + offset - 1;
        }
        uint256 back = (min - x) % size;
        return back == 0 ? min : max - back + 1;
    }

    // ---------------------------------------------------------------- address helpers

    /// @notice A labelled address with a known private key derived from `name`.
    function makeAddrAndKey(string memory name) internal returns (address account, uint256 privateKey) {
        privateKey = uint256(keccak256(abi.encodePacked(name)));
        account = vm.addr(privateKey);
        vm.label(account, name);
    }

    /// @notice A labelled address derived from `name`.
    function makeAddr(string memory name) internal returns (address account) {
        (account,) = makeAddrAndKey(name);
    }
}
