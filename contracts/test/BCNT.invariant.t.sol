// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {BCNTHandler} from "./handlers/BCNTHandler.sol";

/// @notice Supply invariants under arbitrary sequences of transfers, approvals and transferFroms.
contract BCNTInvariantTest is Test {
    BCNT internal token;
    BCNTHandler internal handler;
    address[] private targets;

    function setUp() public {
        address treasury = makeAddr("treasury");
        token = new BCNT(treasury);
        handler = new BCNTHandler(token, treasury);
        targets.push(address(handler));
    }

    /// @dev Read by forge: only the handler is fuzzed (forge-std's StdInvariant does the same).
    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    /// @dev One invariant function (each one costs a full 256 x 500 campaign): the supply never
    /// changes and the holders' balances always add up to it.
    function invariant_SupplyIsConserved() public view {
        assertEq(token.totalSupply(), token.TOTAL_SUPPLY(), "total supply never changes");
        uint256 sum;
        for (uint256 i = 0; i < handler.holderCount(); i++) {
            sum += token.balanceOf(handler.holderAt(i));
        }
        assertEq(sum, token.totalSupply(), "balances of the holders add up to the supply");
    }
}
